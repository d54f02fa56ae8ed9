import { z } from 'zod';
import {
  DOCUMENT_REQUEST_MESSAGES,
  REVIEW_DECISIONS,
  ZDocumentRequestSchema,
  ZRequestedDocumentSchema,
} from './document-requests.js';
import { ZDocumentSchema } from './documents.js';

/**
 * The staff's side of required documents (document-requests.ts): asking, reviewing, the queue and
 * the schools' checklists. Only the console and the server import it, so none of it weighs on a
 * student's page.
 */

/** The catalogue staff pick a request's title from (free text is allowed too). */
export const DOCUMENT_REQUEST_CATALOGUE = [
  'Passport photo page',
  'Bank statement',
  'Sponsor letter',
  'Affidavit of support',
  'Transcripts',
  'Degree certificate',
  'English test score report',
  'Standardized test scores',
  'CV',
  'Statement of purpose',
  'Recommendation letter',
  'Passport-size photo',
] as const;

/** The common reasons a file is sent back (free text is allowed too). */
export const REJECTION_REASONS = [
  'Unreadable',
  'Expired',
  'Wrong document',
  'Name does not match passport',
  'Pages missing',
] as const;

export const DOCUMENT_REQUEST_LIMITS = {
  title: 120,
  note: 1000,
  reason: 500,
  /** Requests on one application, and items of a school's checklist. */
  perApplication: 40,
  /** A checklist item's due date: this many days after the application is added, at most. */
  dueInDays: 365,
} as const;

const title = z
  .string()
  .trim()
  .min(1, 'choose the document to request')
  .max(
    DOCUMENT_REQUEST_LIMITS.title,
    `must be at most ${DOCUMENT_REQUEST_LIMITS.title} characters`,
  );

/** An optional text: an empty one is null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The staff's view of a request: who asked, and who reviewed each file. */
export const ZStaffDocumentRequestSchema = ZDocumentRequestSchema.extend({
  /** The staff member who asked; null for a school's checklist or an account that is gone. */
  requestedBy: z.string().nullable(),
  documents: z.array(ZRequestedDocumentSchema.extend({ reviewedBy: z.string().nullable() })),
});
export type TStaffDocumentRequest = z.infer<typeof ZStaffDocumentRequestSchema>;
export const ZStaffDocumentRequestListResponseSchema = z.array(ZStaffDocumentRequestSchema);

/** POST /api/staff/applications/{id}/document-requests. */
export const ZNewDocumentRequestSchema = z.strictObject({
  title,
  note: optionalText(DOCUMENT_REQUEST_LIMITS.note),
  dueDate: z.iso
    .date('must be a date like 2026-07-01')
    .nullish()
    .transform((v) => v ?? null),
});
export type TNewDocumentRequest = z.input<typeof ZNewDocumentRequestSchema>;

export const ZCreatedDocumentRequestSchema = z.object({ id: z.number().int().positive() });

/** POST /api/staff/documents/{id}/review: a reason is required to reject. */
export const ZDocumentReviewSchema = z
  .strictObject({
    decision: z.enum(REVIEW_DECISIONS),
    reason: optionalText(DOCUMENT_REQUEST_LIMITS.reason),
  })
  .refine((review) => review.decision === 'accept' || review.reason !== null, {
    path: ['reason'],
    message: DOCUMENT_REQUEST_MESSAGES.reasonRequired,
  });
export type TDocumentReviewRequest = z.input<typeof ZDocumentReviewSchema>;

/** GET /api/staff/reviews: a file waiting for review, in the caller's scope. */
export const ZReviewQueueItemSchema = z.object({
  documentId: z.number().int().positive(),
  documentRequestId: z.number().int().positive(),
  title: z.string(),
  dueDate: z.string().nullable(),
  studentId: z.string(),
  studentName: z.string(),
  applicationId: z.number().int().positive(),
  university: z.string(),
  fileName: z.string(),
  fileType: ZDocumentSchema.shape.fileType,
  fileSize: z.number().int().nonnegative(),
  /** ISO 8601 timestamp. */
  uploadedAt: z.string(),
});
export type TReviewQueueItem = z.infer<typeof ZReviewQueueItemSchema>;

/** The oldest uploads first, at most `REVIEW_QUEUE_PAGE` of them; `total` counts them all. */
export const ZReviewQueueResponseSchema = z.object({
  items: z.array(ZReviewQueueItemSchema),
  total: z.number().int().nonnegative(),
});
export const REVIEW_QUEUE_PAGE = 100;

/** A school's default checklist: each item becomes a request on each new application there. */
export const ZChecklistItemSchema = z.strictObject({
  title,
  note: optionalText(DOCUMENT_REQUEST_LIMITS.note),
  /** Due this many days after the application is added; null for no due date. */
  dueInDays: z
    .number()
    .int()
    .min(1, 'must be at least 1 day')
    .max(
      DOCUMENT_REQUEST_LIMITS.dueInDays,
      `must be at most ${DOCUMENT_REQUEST_LIMITS.dueInDays} days`,
    )
    .nullable(),
});
export type TChecklistItem = z.infer<typeof ZChecklistItemSchema>;

/** GET and PUT /api/staff/schools/{id}/document-checklist: the items in order. */
export const ZSchoolChecklistSchema = z.strictObject({
  items: z
    .array(ZChecklistItemSchema)
    .max(
      DOCUMENT_REQUEST_LIMITS.perApplication,
      `at most ${DOCUMENT_REQUEST_LIMITS.perApplication} items`,
    ),
});
export type TSchoolChecklist = z.infer<typeof ZSchoolChecklistSchema>;
export type TSchoolChecklistInput = z.input<typeof ZSchoolChecklistSchema>;
