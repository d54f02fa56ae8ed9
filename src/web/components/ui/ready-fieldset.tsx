import type { ReactNode } from 'react';
import { useHydrated } from '../../hooks/use-hydrated.js';
import { cn } from '../../lib/cn.js';

/**
 * A form's fields and buttons, disabled until the page's script has taken over a page drawn at
 * build time (scripts/page-shells). Before that a press of the button would submit the form to
 * the address bar, passport number and all, and what was typed would be cleared when the form
 * takes over its fields; a page the browser draws itself is ready at once.
 */
export function ReadyFieldset({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className={cn('min-w-0', className)}>
      {children}
    </fieldset>
  );
}
