import type { ReactNode } from 'react';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import { TextLink } from '../../../components/ui/text-link.js';

/** A link to another organisation's site, in a new tab, with the small icon that says so. */
export function SiteLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    // 44px tall, for a thumb: these stand alone in lists, not within a sentence.
    <TextLink
      wrap="anywhere"
      asChild
      className="inline-flex min-h-11 items-center gap-1 [&_svg]:size-3.5"
    >
      <NewTabLink href={href}>{children}</NewTabLink>
    </TextLink>
  );
}
