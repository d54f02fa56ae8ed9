/**
 * How long ago something happened, by the rule of spec section 9 ("Documents and relative
 * time"): under an hour 'Just now', under a day in hours, under a week in days, and after that in
 * weeks, or, where a page asks for it (the messages page), a short date. A time a little ahead of
 * this device's clock (clocks drift) also reads 'Just now'.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/** What a time more than a week old reads as: '2 weeks ago', or a short date ('Mar 5, 2026'). */
export type AfterAWeek = 'weeks' | 'date';

// The portal's texts are English, so its dates are too, in the student's own time zone.
const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const FULL_DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

function toValidDate(value: Date | string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function ago(count: number, unit: 'hour' | 'day' | 'week'): string {
  return `${count} ${count === 1 ? unit : `${unit}s`} ago`;
}

/** The relative time of `value` as seen at `now`; null when `value` is not a date. */
export function formatRelativeTime(
  value: Date | string,
  { now = new Date(), afterAWeek = 'weeks' }: { now?: Date; afterAWeek?: AfterAWeek } = {},
): string | null {
  const date = toValidDate(value);
  if (!date) return null;
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < HOUR_MS) return 'Just now';
  if (elapsed < DAY_MS) return ago(Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed < WEEK_MS) return ago(Math.floor(elapsed / DAY_MS), 'day');
  if (afterAWeek === 'date') return SHORT_DATE.format(date);
  return ago(Math.floor(elapsed / WEEK_MS), 'week');
}

/** The whole date and time ('Thursday, March 5, 2026 at 2:30 PM'); null when not a date. */
export function formatFullDateTime(value: Date | string): string | null {
  const date = toValidDate(value);
  return date ? FULL_DATE_TIME.format(date) : null;
}
