import { and, desc, eq, sql } from 'drizzle-orm';
import {
  DOCUMENT_REQUEST_MESSAGES,
  nextDocumentRequestState,
  type TDocumentRequestEvent,
  type TDocumentRequestState,
} from '../../../shared/document-requests.js';
import type { Database } from '../../db/client.js';
import { applications, documentRequests, documents } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';

/** The state after `event`, or a 409 with the message refusing it. */
function stateAfter(state: TDocumentRequestState, event: TDocumentRequestEvent) {
  const next = nextDocumentRequestState(state, event);
  if ('refused' in next) throw new HttpError(409, next.refused);
  return next.state;
}

/** Locks a request for a change of its state (one review, upload or delete at a time). */
async function lockRequest(tx: Database, documentRequestId: number) {
  const [request] = await tx
    .select({
      state: documentRequests.state,
      title: documentRequests.title,
      university: applications.university,
      applicationId: documentRequests.applicationId,
    })
    .from(documentRequests)
    .innerJoin(applications, eq(applications.id, documentRequests.applicationId))
    .where(eq(documentRequests.id, documentRequestId))
    .for('update', { of: documentRequests });
  if (!request) throw new HttpError(404, DOCUMENT_REQUEST_MESSAGES.notFound);
  return request;
}

async function setState(
  tx: Database,
  documentRequestId: number,
  state: TDocumentRequestState,
  reason: string | null,
) {
  await tx
    .update(documentRequests)
    .set({ state, reason, updatedAt: sql`now()` })
    .where(eq(documentRequests.id, documentRequestId));
}

/**
 * The student's request a file is uploaded into, checked before the file's bytes arrive: theirs
 * (another student's is a 404, as one that does not exist), of the application named with it if
 * one is, and open to an upload. Answers the request's application.
 */
export async function requestOpenToUpload(
  db: Database,
  studentId: string,
  documentRequestId: number,
  applicationId: number | null,
): Promise<number> {
  const [request] = await db
    .select({ applicationId: documentRequests.applicationId, state: documentRequests.state })
    .from(documentRequests)
    .where(
      and(eq(documentRequests.id, documentRequestId), eq(documentRequests.studentId, studentId)),
    );
  if (!request) throw new HttpError(404, DOCUMENT_REQUEST_MESSAGES.notFound);
  if (applicationId !== null && applicationId !== request.applicationId) {
    throw new HttpError(400, DOCUMENT_REQUEST_MESSAGES.wrongApplication);
  }
  stateAfter(request.state, { kind: 'upload' });
  return request.applicationId;
}

/** In the upload's transaction: the request, locked and checked again, waits for review. */
export async function markUploaded(tx: Database, documentRequestId: number): Promise<void> {
  const request = await lockRequest(tx, documentRequestId);
  await setState(tx, documentRequestId, stateAfter(request.state, { kind: 'upload' }), null);
}

/**
 * In a student's delete of a file of a request, before the row goes: refused for an accepted
 * file; the newest file gone, the request follows the one before it (or is requested again).
 */
export async function markFileDeleted(
  tx: Database,
  documentRequestId: number,
  documentId: number,
): Promise<void> {
  const request = await lockRequest(tx, documentRequestId);
  const [newest, previous] = await tx
    .select({ id: documents.id, review: documents.review, reason: documents.reviewReason })
    .from(documents)
    .where(eq(documents.documentRequestId, documentRequestId))
    .orderBy(desc(documents.uploadedAt), desc(documents.id))
    .limit(2);
  if (newest?.id !== documentId) return;
  const state = stateAfter(request.state, { kind: 'delete', previous: previous?.review ?? null });
  await setState(
    tx,
    documentRequestId,
    state,
    state === 'rejected' ? (previous?.reason ?? null) : null,
  );
}

/**
 * A staff review of a request's pending file, in the review's transaction: the request is locked
 * first (as uploads and deletes lock it), so of two reviews at once the second finds the file
 * reviewed and is refused.
 */
export async function markReviewed(
  tx: Database,
  file: { documentRequestId: number; documentId: number },
  review: { decision: 'accept' | 'reject'; reason: string | null },
): Promise<{ title: string; university: string; applicationId: number }> {
  const request = await lockRequest(tx, file.documentRequestId);
  const [document] = await tx
    .select({ review: documents.review })
    .from(documents)
    .where(eq(documents.id, file.documentId));
  if (document?.review !== 'pending') {
    throw new HttpError(409, DOCUMENT_REQUEST_MESSAGES.alreadyReviewed);
  }
  const state = stateAfter(request.state, { kind: 'review', decision: review.decision });
  await setState(tx, file.documentRequestId, state, state === 'rejected' ? review.reason : null);
  return {
    title: request.title,
    university: request.university,
    applicationId: request.applicationId,
  };
}
