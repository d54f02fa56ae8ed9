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

/** The catalogue's bank statement: the roadmap's "Proof of Funds Submitted" follows it. */
export const BANK_STATEMENT_TITLE = 'Bank statement';

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

// ---- Due dates: calendar days (YYYY-MM-DD), counted on the reader's own calendar ----

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Midnight UTC of a YYYY-MM-DD day, in milliseconds; null when `day` is not a real one. */
export function calendarDayTime(day: string): number | null {
  const match = CALENDAR_DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  // Date.UTC rolls 2026-02-30 over to March, and month 13 to January: such a day is not one.
  const rolled = new Date(time);
  return rolled.getUTCMonth() === month - 1 && rolled.getUTCDate() === date ? time : null;
}

/** The device's own calendar day at `now`, as YYYY-MM-DD. */
export function calendarDayOf(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whole days from `today` to `dueDate`, negative once it has passed; null for a day that is none. */
export function daysUntilDue(dueDate: string, today: string): number | null {
  const due = calendarDayTime(dueDate);
  const from = calendarDayTime(today);
  return due === null || from === null ? null : Math.round((due - from) / DAY_MS);
}
