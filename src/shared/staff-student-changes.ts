import { z } from 'zod';
import { withHttps } from './applicant-data.js';
import { KNOWN_APPLICATION_STATUSES } from './applications.js';

/**
 * The staff console's changes to a student's record. Each save names the record's version it was
 * made on (If-Match: "<version>", the version the record's overview carries): a save on an older
 * version is refused with 409, so two people editing one student never overwrite each other
 * unseen (docs/decisions/019).
 */

/** A detail that may be cleared: an empty field is null. */
const clearableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v));

const link = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .transform((v, ctx) => {
    if (v === '') return null;
    const https = withHttps(v);
    if (https === null)
      ctx.addIssue({ code: 'custom', message: 'must be a web address (https://...)' });
    return https;
  });

/** What the console calls each status it sets on an application. */
export const APPLICATION_STATUS_NAMES: Record<(typeof KNOWN_APPLICATION_STATUSES)[number], string> =
  {
    accepted: 'Accepted',
    under_review: 'Under review',
    documents_required: 'Documents required',
    rejected: 'Rejected',
  };

export const NOTHING_TO_CHANGE = 'Nothing to change: give at least one field.';

/** PUT /api/staff/students/{id}/admission: admission details and application statuses. */
export const ZStaffAdmissionChangeSchema = z
  .strictObject({
    admissionStatus: z.string().trim().min(1, 'is required').max(60).optional(),
    degree: clearableText(100).optional(),
    major: clearableText(100).optional(),
    admittedSemester: clearableText(60).optional(),
    acceptanceLetterUrl: link.optional(),
    applications: z
      .array(
        z.strictObject({
          id: z.number().int().positive().max(2_147_483_647),
          status: z.enum(KNOWN_APPLICATION_STATUSES),
        }),
      )
      .max(50)
      .optional(),
  })
  .refine((change) => Object.keys(change).length > 0, NOTHING_TO_CHANGE);
export type TStaffAdmissionChange = z.input<typeof ZStaffAdmissionChangeSchema>;

/** PUT /api/staff/students/{id}/sevis: the SEVIS I-901 fee paid on a day, or not paid (null). */
export const ZStaffSevisChangeSchema = z.strictObject({
  paidOn: z.iso.date('must be a date like 2026-07-01').nullable(),
});
export type TStaffSevisChange = z.infer<typeof ZStaffSevisChangeSchema>;

export const INTERVIEW_DECISIONS = ['accept', 'retake'] as const;
export const MAX_RETAKE_REASON = 500;

/**
 * PUT /api/staff/students/{id}/interview-review: the school's review of the latest submitted
 * interview. Accepted, the student's MOI status is 'Submitted'; a retake sets it back to
 * 'Incomplete' so they can record again, with the reason they are shown.
 */
export const ZStaffInterviewReviewSchema = z
  .strictObject({
    decision: z.enum(INTERVIEW_DECISIONS),
    reason: z
      .string()
      .trim()
      .max(MAX_RETAKE_REASON, `must be at most ${MAX_RETAKE_REASON} characters`)
      .optional(),
  })
  .refine((review) => review.decision === 'accept' || (review.reason ?? '') !== '', {
    message: 'say why the student should record the interview again',
    path: ['reason'],
  });
export type TStaffInterviewReview = z.input<typeof ZStaffInterviewReviewSchema>;

/** What a saved change answers: the record's version now, for the next save. */
export const ZStaffRecordVersionSchema = z.object({ version: z.number().int() });
export type TStaffRecordVersion = z.infer<typeof ZStaffRecordVersionSchema>;

/** The If-Match value for a version, and back: a strong ETag holding the number. */
export const versionTag = (version: number): string => `"${version}"`;
export function versionOfTag(tag: string | undefined): number | null {
  const match = /^"(\d{1,9})"$/.exec(tag?.trim() ?? '');
  return match?.[1] === undefined ? null : Number(match[1]);
}

export const VERSION_REQUIRED =
  'This change does not say which version of the record it was made on. Reload the student and try again.';

/** POST /api/staff/students/{id}/invite: the new invite's code, answered this once. */
export const ZStaffNewInviteSchema = z.object({
  code: z.string(),
  expiresAt: z.string(),
  /** Passkeys the student held, now removed: more than none was an account recovery. */
  revokedPasskeys: z.number().int(),
});
export type TStaffNewInvite = z.infer<typeof ZStaffNewInviteSchema>;
