import { z } from 'zod';

/**
 * Consulate wait times (spec sections 3 "Visa wait time record" and "Processing-time category",
 * 4 "Wait-time quality", 7 GET /api/visa-wait-times). The server serves the records; both sides
 * use the quality rule below, so a badge and the sort never disagree between them.
 */

/**
 * The State Department page the records come from: the seed's snapshot was read from it, and a
 * refresh fetches it unless VISA_WAIT_TIMES_URL names another.
 */
export const OFFICIAL_WAIT_TIMES_URL =
  'https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/global-visa-wait-times.html';

export const ZVisaWaitTimeSchema = z.object({
  post: z.string(),
  country: z.string(),
  /** The F, M, J cell as the State Department publishes it ("2 Months", "< 0.5 Month", "N/A"). */
  studentVisaWaitTime: z.string(),
});
export type TVisaWaitTime = z.infer<typeof ZVisaWaitTimeSchema>;

export const ZVisaWaitTimesResponseSchema = z.array(ZVisaWaitTimeSchema);
export type TVisaWaitTimesResponse = z.infer<typeof ZVisaWaitTimesResponseSchema>;

/** Spec section 4, in its sort order: best first, na last. */
export const WAIT_TIME_BUCKETS = ['excellent', 'good', 'moderate', 'poor', 'na'] as const;
export type TWaitTimeBucket = (typeof WAIT_TIME_BUCKETS)[number];

/**
 * The spec lists six labels for five buckets. Both extra labels belong to na: 'N/A' when the
 * source says so ("NA", "N/A", an empty cell), 'Unknown' when it publishes words the rule cannot
 * read ("Closed", "Emergency Appointments Only"), so a student can tell "no figure" from "no
 * appointments". The bucket (and so the colour and the sort) is na for both.
 */
export const WAIT_TIME_LABELS = {
  excellent: '0-1 months',
  good: '2-4 months',
  moderate: '5-11 months',
  poor: '12+ months',
  notApplicable: 'N/A',
  unknown: 'Unknown',
} as const;
export type TWaitTimeLabel = (typeof WAIT_TIME_LABELS)[keyof typeof WAIT_TIME_LABELS];

/**
 * Spec section 3's colours as design-token names: the web maps each to its theme colour (for
 * example `--color-wait-green`), so contrast is chosen once, in the stylesheet.
 */
export type TWaitTimeColour = 'green' | 'yellow' | 'orange' | 'red';
export const WAIT_TIME_COLOURS: Record<TWaitTimeBucket, TWaitTimeColour> = {
  excellent: 'green',
  good: 'yellow',
  moderate: 'orange',
  poor: 'red',
  na: 'red',
};

/** The source counts months in 30-day steps (data README); a week is 7 days. */
const DAYS_PER_MONTH = 30;
const DAYS_PER_WEEK = 7;

const NOT_APPLICABLE = new Set(['', 'na', 'n/a', 'n.a.']);

/**
 * A count of days, weeks or months, optionally after "<" or ">" ("< 0.5 Month" is read as 0.5:
 * an upper bound, which only ever moves a figure towards the worse bucket). The older page's
 * "45 Calendar Days" is accepted too.
 */
const COUNT = /^(?:[<>]\s*)?(\d+(?:\.\d+)?)\s*(?:calendar\s+)?(day|week|month)s?$/;

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The wait in months, or null when the text is not a figure (n/a, empty, or words). */
export function waitTimeInMonths(text: string): number | null {
  const t = normalise(text);
  if (t === 'same day') return 0;
  const match = COUNT.exec(t);
  if (!match?.[1] || !match[2]) return null;
  const count = Number(match[1]);
  if (match[2] === 'month') return count;
  return (match[2] === 'week' ? count * DAYS_PER_WEEK : count) / DAYS_PER_MONTH;
}

/**
 * Spec section 3's rule, extended to the half months the source publishes: up to 1 month
 * excellent, above 1 and below 5 good, 5 to below 12 moderate, 12 or more poor; anything that
 * is not a figure is na.
 */
export function waitTimeBucket(text: string): TWaitTimeBucket {
  const months = waitTimeInMonths(text);
  if (months === null) return 'na';
  if (months <= 1) return 'excellent';
  if (months < 5) return 'good';
  if (months < 12) return 'moderate';
  return 'poor';
}

export function waitTimeLabel(text: string): TWaitTimeLabel {
  const bucket = waitTimeBucket(text);
  if (bucket !== 'na') return WAIT_TIME_LABELS[bucket];
  return NOT_APPLICABLE.has(normalise(text))
    ? WAIT_TIME_LABELS.notApplicable
    : WAIT_TIME_LABELS.unknown;
}

export interface TWaitTimeQuality {
  bucket: TWaitTimeBucket;
  label: TWaitTimeLabel;
  colour: TWaitTimeColour;
}

/** Everything a badge needs, from the published text. */
export function waitTimeQuality(text: string): TWaitTimeQuality {
  const bucket = waitTimeBucket(text);
  return { bucket, label: waitTimeLabel(text), colour: WAIT_TIME_COLOURS[bucket] };
}

const postCollator = new Intl.Collator('en', { sensitivity: 'base' });

/** Spec section 4: by bucket (excellent first, na last), then by post name. */
export function compareWaitTimes(
  a: Pick<TVisaWaitTime, 'post' | 'studentVisaWaitTime'>,
  b: Pick<TVisaWaitTime, 'post' | 'studentVisaWaitTime'>,
): number {
  const byBucket =
    WAIT_TIME_BUCKETS.indexOf(waitTimeBucket(a.studentVisaWaitTime)) -
    WAIT_TIME_BUCKETS.indexOf(waitTimeBucket(b.studentVisaWaitTime));
  if (byBucket !== 0) return byBucket;
  return postCollator.compare(a.post, b.post) || (a.post < b.post ? -1 : a.post > b.post ? 1 : 0);
}

/** A sorted copy; the input is left as it was. */
export function sortWaitTimes<T extends Pick<TVisaWaitTime, 'post' | 'studentVisaWaitTime'>>(
  records: readonly T[],
): T[] {
  return [...records].sort(compareWaitTimes);
}
