import type { LucideIcon } from 'lucide-react';
import type { Ref } from 'react';
import { CardTitle } from '../../../components/ui/card.js';
import { cn } from '../../../lib/cn.js';

/** The card's heading, which the page focuses when one card replaces another. */
export type HeadingRef = Ref<HTMLHeadingElement>;

/** The state's icon, in the tone of the state. */
export function IconTile({
  icon: Icon,
  tone,
}: {
  icon: LucideIcon;
  tone: 'primary' | 'success' | 'danger';
}) {
  return (
    <span
      className={cn(
        'flex size-11 items-center justify-center rounded-xl',
        tone === 'primary' && 'bg-primary-soft text-primary-soft-foreground',
        tone === 'success' && 'bg-green-100 text-success',
        tone === 'danger' && 'bg-red-100 text-destructive',
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

/** The card's title, focusable by the page (not by Tab). */
export function CardHeading({
  headingRef,
  children,
}: {
  headingRef: HeadingRef;
  children: string;
}) {
  return (
    <CardTitle ref={headingRef} tabIndex={-1} className="outline-none">
      {children}
    </CardTitle>
  );
}
