import { CalendarClock } from 'lucide-react';
import { memo } from 'react';
import { Button } from '../../../components/ui/button.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import type { WaitTimeRow } from '../utils/filter-wait-times.js';
import { WaitTimeBadge } from './wait-time-badge.js';

/**
 * One consulate. Memoised on its row, which is computed once per answer: typing in the search
 * re-renders only the list, not the cards that stay. `content-visibility: auto` lets the browser
 * skip layout and paint for cards off screen, so 'Show All' stays cheap on a slow phone.
 */
export const WaitTimeCard = memo(function WaitTimeCard({ row }: { row: WaitTimeRow }) {
  const headingId = `wait-${row.key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <li className="[contain-intrinsic-size:auto_12rem] [content-visibility:auto]">
      <article
        aria-labelledby={headingId}
        tabIndex={-1}
        className="flex h-full flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-xs outline-none focus-visible:ring-3 focus-visible:ring-ring"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <div className="min-w-0">
            <h3 id={headingId} className="text-base leading-snug font-semibold break-words">
              {row.post}
            </h3>
            <p className="text-sm break-words text-muted-foreground">{row.country}</p>
          </div>
          <WaitTimeBadge quality={row.quality} />
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
          <span>
            Next appointment:{' '}
            <span className="font-semibold text-foreground">{row.studentVisaWaitTime}</span>
          </span>
        </p>
        <Button asChild variant="outline" size="sm" className="mt-auto w-full sm:w-fit">
          <NewTabLink href={row.appointmentUrl} aria-describedby={headingId}>
            Schedule Appointment
          </NewTabLink>
        </Button>
      </article>
    </li>
  );
});
