import {
  calendarDayOf,
  calendarDayTime,
  daysUntilDue,
} from '../../../../shared/document-requests.js';

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

// The day itself, in English as every text of the portal, named in UTC so no zone can shift it.
const FULL_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });

/** How `dueDate` reads on the student's `today`; null when it is not a YYYY-MM-DD day. */
export function dueDateText(dueDate: string, today: Date = new Date()): DueDateText | null {
  const days = daysUntilDue(dueDate, calendarDayOf(today));
  if (days === null) return null;
  if (days < 0) return { text: 'Overdue', overdue: true };
  if (days === 0) return { text: 'Due today', overdue: false };
  if (days === 1) return { text: 'Due tomorrow', overdue: false };
  return { text: `Due in ${days} days`, overdue: false };
}

/** The due day in full ('Friday, July 3, 2026'); null when it is not a YYYY-MM-DD day. */
export function formatDueDay(dueDate: string): string | null {
  const due = calendarDayTime(dueDate);
  return due === null ? null : FULL_DAY.format(due);
}
