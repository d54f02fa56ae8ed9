import { ExternalLink } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

/**
 * A link to another site, opened in a new tab (spec section 7: external links open in new
 * tabs). rel="noopener noreferrer" keeps the other site from reaching back into this tab or
 * learning which page sent the student; the words "(opens in a new tab)" are read to screen
 * readers so the new tab is no surprise, and the icon shows it to everyone else. Wrap it in
 * <Button asChild> for a link that looks like a button.
 */
export function NewTabLink({
  className,
  children,
  showIcon = true,
  ...props
}: Omit<ComponentProps<'a'>, 'target' | 'rel'> & { href: string; showIcon?: boolean }) {
  return (
    <a
      data-slot="new-tab-link"
      target="_blank"
      rel="noopener noreferrer"
      className={cn(className)}
      {...props}
    >
      {children}
      {showIcon ? <ExternalLink aria-hidden="true" /> : null}{' '}
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
