import { verificationResultText } from '../../../shared/identity-verification.js';
import { calendarDayTime } from '../../../shared/document-requests.js';

// Made once per language: making one costs a hundred times what formatting a day does.
const FULL_DAY_BY_LOCALE = new Map<string, Intl.DateTimeFormat>();

function fullDayFormat(locale: string): Intl.DateTimeFormat {
  let format = FULL_DAY_BY_LOCALE.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
    FULL_DAY_BY_LOCALE.set(locale, format);
  }
  return format;
}

/**
 * A YYYY-MM-DD day in full, in a language ('Friday, July 3, 2026' in English), or the text as it
 * is when it is none. A day is a day, not a moment: named in UTC so no time zone can shift it.
 */
export function dayName(day: string | undefined, locale: string): string {
  const time = day === undefined ? null : calendarDayTime(day);
  return time === null ? (day ?? '') : fullDayFormat(locale).format(time);
}

/** The spec's title for an identity check's result code (section 8): all an e-mail says of it. */
export const identityCheckTitle = (code: string | undefined): string =>
  verificationResultText(code ?? '').title;
