import { verificationResultText } from '../../../shared/identity-verification.js';
import { calendarDayTime } from '../../../shared/document-requests.js';

/**
 * A YYYY-MM-DD day in full, in a language ('Friday, July 3, 2026' in English), or the text as it
 * is when it is none. A day is a day, not a moment: named in UTC so no time zone can shift it.
 */
export function dayName(day: string | undefined, locale: string): string {
  const time = day === undefined ? null : calendarDayTime(day);
  return time === null
    ? (day ?? '')
    : new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(time);
}

/** The spec's title for an identity check's result code (section 8): all an e-mail says of it. */
export const identityCheckTitle = (code: string | undefined): string =>
  verificationResultText(code ?? '').title;
