import { z } from 'zod';
import { withHttps } from '../../../shared/applicant-data.js';

/**
 * The cell rules of the import files. Every cell arrives as text (a JSON value is turned into the
 * text a CSV cell would hold), and an empty cell means "not given".
 */
export const requiredText = z.string().trim().min(1, 'is required');

export const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v));

export const requiredEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('must be an e-mail address'));

export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === '' || z.email().safeParse(v).success, 'must be an e-mail address')
  .transform((v) => (v === '' ? null : v));

const TRUE_WORDS = ['true', 'yes', 'y', '1'];
const FALSE_WORDS = ['false', 'no', 'n', '0'];

/** true/false, yes/no or 1/0; empty is `fallback`. */
export function flag(fallback: boolean) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .refine(
      (v) => v === '' || TRUE_WORDS.includes(v) || FALSE_WORDS.includes(v),
      'must be yes or no',
    )
    .transform((v) => (v === '' ? fallback : TRUE_WORDS.includes(v)));
}

/** A calendar date written YYYY-MM-DD that exists (no 2001-02-30). */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

export const requiredDate = requiredText.refine(isCalendarDate, 'must be a date like 2000-01-31');

export const optionalDate = optionalText.refine(
  (v) => v === null || isCalendarDate(v),
  'must be a date like 2000-01-31',
);

/** A link the portal will show the student: http(s), or a bare host that gets https:. */
export const optionalLink = optionalText.refine(
  (v) => v === null || withHttps(v) !== null,
  'must be a web address (https://...)',
);

/** A status word as the pages colour them: lower case with underscores (spec section 4). */
export const applicationStatus = requiredText
  .toLowerCase()
  .refine((v) => /^[a-z][a-z_]{1,39}$/.test(v), 'must be a word like accepted or under_review');

/** Several values in one cell, separated by semicolons. */
export const textList = z
  .string()
  .trim()
  .transform((v) =>
    v
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean),
  );
