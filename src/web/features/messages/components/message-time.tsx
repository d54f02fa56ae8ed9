import {
  formatFullDateTime,
  formatRelativeTime,
  type AfterAWeek,
} from '../../../lib/relative-time.js';

/** When a message was written, relative (spec section 9), with the whole date and time on hover. */
export function MessageTime({
  createdAt,
  afterAWeek,
}: {
  createdAt: string;
  afterAWeek: AfterAWeek;
}) {
  const relative = formatRelativeTime(createdAt, { afterAWeek });
  const full = formatFullDateTime(createdAt);
  if (relative === null || full === null) return null;
  return (
    <time
      dateTime={createdAt}
      title={full}
      className="text-xs whitespace-nowrap text-muted-foreground"
    >
      {relative}
    </time>
  );
}
