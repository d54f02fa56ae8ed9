import { Clock, type LucideIcon } from 'lucide-react';
import { Card, CardDescription, CardHeader } from '../../../components/ui/card.js';
import { IconTile } from '../../../components/ui/icon-tile.js';
import { StepList } from './step-list.js';
import { CardHeading, type HeadingRef } from './verification-card-parts.js';

/** A wait (the flow opening or open, the result being checked or reviewed) and where it stands. */
export function WorkingCard({
  headingRef,
  icon,
  step,
  title,
  description,
  note,
}: {
  headingRef: HeadingRef;
  icon: LucideIcon;
  step: number;
  title: string;
  description: string;
  note?: string;
}) {
  return (
    <Card className="gap-6 p-5 sm:p-7">
      <CardHeader>
        <IconTile icon={icon} />
        <CardHeading headingRef={headingRef}>{title}</CardHeading>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <StepList current={step} />
      {note ? (
        <p className="flex gap-2.5 rounded-xl bg-muted px-3.5 py-3 text-sm text-foreground">
          <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>{note}</span>
        </p>
      ) : null}
    </Card>
  );
}
