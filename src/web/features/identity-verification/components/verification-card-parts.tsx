import type { Ref } from 'react';
import { CardTitle } from '../../../components/ui/card.js';

/** The card's heading, which the page focuses when one card replaces another. */
export type HeadingRef = Ref<HTMLHeadingElement>;

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
