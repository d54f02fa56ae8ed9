import { z } from 'zod';
import { ZDocumentSchema } from './documents.js';

/**
 * Required documents: staff ask for a document on one application, the student uploads into the
 * request, staff accept the file or send it back with a reason, until it is accepted. A school's
 * default checklist adds its requests to each new application of that school.
 */

/** Requested: nothing uploaded; under review: a file waits for staff; rejected: upload again. */
export const DOCUMENT_REQUEST_STATES = [
  'requested',
  'under_review',
  'accepted',
  'rejected',
] as const;
export type TDocumentRequestState = (typeof DOCUMENT_REQUEST_STATES)[number];

/** What each state is called on both sides. */
export const DOCUMENT_REQUEST_STATE_NAMES: Record<TDocumentRequestState, string> = {
  requested: 'Requested',
  under_review: 'Under review',
  accepted: 'Accepted',
  rejected: 'Needs re-upload',
};

/** A file's review: waiting, or decided. Only the newest file of a request can be pending. */
export const DOCUMENT_REVIEWS = ['pending', 'accepted', 'rejected'] as const;
export type TDocumentReview = (typeof DOCUMENT_REVIEWS)[number];

export const REVIEW_DECISIONS = ['accept', 'reject'] as const;
export type TReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** What happens to a request: the student uploads or deletes a file, staff review the newest. */
export type TDocumentRequestEvent =
  | { kind: 'upload' }
  | { kind: 'review'; decision: TReviewDecision }
  /** The student deleted the newest file; `previous` is the review of the one before, if any. */
  | { kind: 'delete'; previous: TDocumentReview | null };

export const DOCUMENT_REQUEST_MESSAGES = {
  notFound: 'No document request with this id.',
  uploadAccepted:
    'This document has already been accepted. There is nothing more to upload for it.',
  uploadUnderReview:
    'Your file for this request is waiting for review. Delete it first if you want to send a different one.',
  deleteAccepted:
    'This document has been accepted by your school, so it cannot be deleted. Write to your school if it needs changing.',
  nothingToReview: 'There is no file waiting for review on this request.',
  alreadyReviewed:
    'This file has already been reviewed, or a newer file replaced it. Reload to see its state.',
  notRequested: 'Only a file uploaded for a document request can be reviewed.',
  hasUploads: 'The student has uploaded files for this request, so it cannot be removed.',
  reasonRequired: 'Give the reason the student will see.',
  wrongApplication: 'This request belongs to another application.',
} as const;

/**
 * The request's state machine: the state after `event`, or the message refusing it. Accepted is
 * final for uploads and reviews; a delete of an accepted file is refused before it gets here.
 */
export function nextDocumentRequestState(
  state: TDocumentRequestState,
  event: TDocumentRequestEvent,
): { state: TDocumentRequestState } | { refused: string } {
  switch (event.kind) {
    case 'upload':
      if (state === 'accepted') return { refused: DOCUMENT_REQUEST_MESSAGES.uploadAccepted };
      if (state === 'under_review') return { refused: DOCUMENT_REQUEST_MESSAGES.uploadUnderReview };
      return { state: 'under_review' };
    case 'review':
      if (state !== 'under_review') return { refused: DOCUMENT_REQUEST_MESSAGES.nothingToReview };
      return { state: event.decision === 'accept' ? 'accepted' : 'rejected' };
    case 'delete':
      if (state === 'accepted') return { refused: DOCUMENT_REQUEST_MESSAGES.deleteAccepted };
      return { state: stateAfterNewestReview(event.previous) };
  }
}

/** The state a request is in when `review` is its newest file's (null: it has no file). */
export function stateAfterNewestReview(review: TDocumentReview | null): TDocumentRequestState {
  if (review === null) return 'requested';
  return review === 'pending' ? 'under_review' : review;
}

/** States that wait on the student: the dashboard's "Action required". */
export const waitsOnStudent = (state: TDocumentRequestState): boolean =>
  state === 'requested' || state === 'rejected';

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

/** The catalogue's bank statement: the roadmap's "Proof of Funds Submitted" follows it. */
export const BANK_STATEMENT_TITLE = 'Bank statement';

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

/** A file uploaded into a request, with its review. */
export const ZRequestedDocumentSchema = ZDocumentSchema.extend({
  review: z.enum(DOCUMENT_REVIEWS),
  /** Why it was sent back; null unless rejected. */
  reason: z.string().nullable(),
  /** ISO 8601 timestamp of the review; null while pending. */
  reviewedAt: z.string().nullable(),
});
export type TRequestedDocument = z.infer<typeof ZRequestedDocumentSchema>;

/** GET /api/applications/{id}/document-requests and GET /api/document-requests. */
export const ZDocumentRequestSchema = z.object({
  id: z.number().int().positive(),
  applicationId: z.number().int().positive(),
  title: z.string(),
  /** The note to the student; null when there is none. */
  note: z.string().nullable(),
  /** YYYY-MM-DD; null when there is no due date. */
  dueDate: z.string().nullable(),
  state: z.enum(DOCUMENT_REQUEST_STATES),
  /** The reason the newest file was sent back; null unless the state is rejected. */
  reason: z.string().nullable(),
  /** Every file uploaded into it, newest first (earlier ones with the reasons they were sent back). */
  documents: z.array(ZRequestedDocumentSchema),
  /** ISO 8601 timestamp. */
  createdAt: z.string(),
});
export type TDocumentRequest = z.infer<typeof ZDocumentRequestSchema>;

/** Oldest first, as staff asked for them. */
export const ZDocumentRequestListResponseSchema = z.array(ZDocumentRequestSchema);

// ---- The staff side ----

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
