import {
  daysUntilDue,
  type TDocumentRequestState,
  waitsOnStudent,
} from '../../../../shared/document-requests.js';

// A due date is a day, not a moment: it reads the same in every time zone.
const DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A YYYY-MM-DD day as the console writes it ('Jul 1, 2026'). */
export const formatDay = (day: string) => DAY.format(new Date(`${day}T00:00:00Z`));

/**
 * What a request's due date says on `today`. Only a request that waits on the student (nothing
 * uploaded, or sent back) can be overdue: a file under review or accepted came in.
 */
export function describeDueDate(
  dueDate: string,
  state: TDocumentRequestState,
  today: string,
): { text: string; overdue: boolean } {
  const date = formatDay(dueDate);
  if (!waitsOnStudent(state)) return { text: `Due ${date}`, overdue: false };
  const days = daysUntilDue(dueDate, today) ?? 0;
  if (days < 0) return { text: `Overdue: was due ${date}`, overdue: true };
  if (days === 0) return { text: `Due today, ${date}`, overdue: false };
  return { text: `Due ${date}, in ${days === 1 ? '1 day' : `${days} days`}`, overdue: false };
}
