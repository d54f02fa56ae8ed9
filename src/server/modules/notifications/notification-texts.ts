import { verificationResultText } from '../../../shared/identity-verification.js';
import { calendarDayTime } from '../../../shared/document-requests.js';

// A day (YYYY-MM-DD) is a day, not a moment: named in UTC so no time zone can shift it.
const FULL_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });

/** A YYYY-MM-DD day in full ('Friday, July 3, 2026'), or the text as it is when it is none. */
export function dayName(day: string | undefined): string {
  const time = day === undefined ? null : calendarDayTime(day);
  return time === null ? (day ?? '') : FULL_DAY.format(time);
}

/** The spec's title for an identity check's result code (section 8): all an e-mail says of it. */
export const identityCheckTitle = (code: string | undefined): string =>
  verificationResultText(code ?? '').title;

/** A count with its noun ('1 student', '3 students'), from a parameter's digits. */
export function counted(value: string | undefined, one: string, many: string): string {
  const n = Number(value ?? 0);
  return `${n} ${n === 1 ? one : many}`;
}
