const MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

function monthNumber(name: string): number | null {
  const index = MONTHS.findIndex((m) => name.toLowerCase().startsWith(m));
  return index === -1 ? null : index + 1;
}

function isoDate(year: number, month: number | null, day: number): string | null {
  if (month === null) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 February over into March; a date that does not exist is not a date.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** The shapes the line has taken: 17-SEPTEMBER-2025, 17 Sep 2025, September 17, 2025, 9/17/2025. */
function readDate(text: string): string | null {
  let m = /^(\d{1,2})[\s-]+([a-z]{3,9})\.?[\s,-]+(\d{4})\b/i.exec(text);
  if (m?.[1] && m[2] && m[3]) return isoDate(Number(m[3]), monthNumber(m[2]), Number(m[1]));
  m = /^([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/i.exec(text);
  if (m?.[1] && m[2] && m[3]) return isoDate(Number(m[3]), monthNumber(m[1]), Number(m[2]));
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(text);
  if (m?.[1] && m[2] && m[3]) return isoDate(Number(m[3]), Number(m[1]), Number(m[2]));
  m = /^(\d{4})-(\d{2})-(\d{2})\b/.exec(text);
  if (m?.[1] && m[2] && m[3]) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  return null;
}

/**
 * The date of the page's "Last updated: 17-SEPTEMBER-2025" line, as an ISO date, from the page's
 * visible text; null when no such line can be read (the figures are still usable without it).
 */
export function readLastUpdated(pageText: string): string | null {
  for (const match of pageText.matchAll(/last\s+updated\s*(?:on\s*)?:?\s*/gi)) {
    const from = match.index + match[0].length;
    // A date is a few words long; a bounded slice keeps a page full of the phrase cheap to read.
    const date = readDate(pageText.slice(from, from + 40));
    if (date) return date;
  }
  return null;
}
