/**
 * How a document request's due date reads: 'Due in 3 days', 'Due tomorrow', 'Due today', or
 * 'Overdue' once the day has passed. A due date is a calendar day (YYYY-MM-DD) with no time or
 * zone: it is counted against the student's own today, so a request due today stays 'Due today'
 * until the student's midnight.
 */
export interface DueDateText {
  text: string;
  overdue: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// The day itself, in English as every text of the portal, named in UTC so no zone can shift it.
const FULL_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });

/** Midnight UTC of a YYYY-MM-DD day, in milliseconds; null when `day` is not one. */
function utcDay(day: string): number | null {
  const match = CALENDAR_DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  // Date.UTC rolls 2026-02-30 over to March, and month 13 to January: such a day is not one.
  const rolled = new Date(time);
  return rolled.getUTCMonth() === month - 1 && rolled.getUTCDate() === date ? time : null;
}

/** How `dueDate` reads on the student's `today`; null when it is not a YYYY-MM-DD day. */
export function dueDateText(dueDate: string, today: Date = new Date()): DueDateText | null {
  const due = utcDay(dueDate);
  if (due === null) return null;
  const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const days = Math.round((due - todayUtc) / DAY_MS);
  if (days < 0) return { text: 'Overdue', overdue: true };
  if (days === 0) return { text: 'Due today', overdue: false };
  if (days === 1) return { text: 'Due tomorrow', overdue: false };
  return { text: `Due in ${days} days`, overdue: false };
}

/** The due day in full ('Friday, July 3, 2026'); null when it is not a YYYY-MM-DD day. */
export function formatDueDay(dueDate: string): string | null {
  const due = utcDay(dueDate);
  return due === null ? null : FULL_DAY.format(due);
}
