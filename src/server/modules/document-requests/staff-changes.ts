import { count, eq, sql } from 'drizzle-orm';
import {
  DOCUMENT_REQUEST_MESSAGES,
  type TReviewDecision,
} from '../../../shared/document-requests.js';
import {
  DOCUMENT_REQUEST_LIMITS,
  type TStaffDocumentRequest,
} from '../../../shared/staff-document-requests.js';
import type { Database } from '../../db/client.js';
import { documentRequests, documents } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import {
  requireApplicationInScope,
  requireDocumentInScope,
  requireRequestInScope,
} from './in-scope.js';
import { recordNotifications } from '../notifications/record-notifications.js';
import { markReviewed } from './request-transitions.js';
import { listStaffDocumentRequests } from './request-rows.js';

interface StaffWrite {
  caller: StaffCaller;
  by: AuditActorRef;
}

const TOO_MANY_REQUESTS = `An application can have at most ${DOCUMENT_REQUEST_LIMITS.perApplication} document requests.`;
export const DUE_DATE_PAST = 'dueDate: must be today or later';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A notification's parameters: the texts that are there. */
const withoutNulls = (params: Record<string, string | null>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== null),
  );

/** Asks the student for a document on one of their applications; audited in the same transaction. */
export async function createDocumentRequest(
  db: Database,
  write: StaffWrite,
  applicationId: number,
  request: { title: string; note: string | null; dueDate: string | null },
): Promise<{ id: number }> {
  if (request.dueDate !== null && request.dueDate < todayUtc()) {
    throw new HttpError(400, DUE_DATE_PAST);
  }
  return db.transaction(async (tx) => {
    const application = await requireApplicationInScope(tx, write.caller, applicationId);
    const [existing] = await tx
      .select({ n: count() })
      .from(documentRequests)
      .where(eq(documentRequests.applicationId, application.id));
    if ((existing?.n ?? 0) >= DOCUMENT_REQUEST_LIMITS.perApplication) {
      throw new HttpError(409, TOO_MANY_REQUESTS);
    }
    const [created] = await tx
      .insert(documentRequests)
      .values({
        applicationId: application.id,
        studentId: application.studentId,
        ...request,
        requestedBy: write.caller.id,
      })
      .returning({ id: documentRequests.id });
    if (!created) throw new Error('document request insert returned no row');
    await recordNotifications(tx, [
      {
        template: 'document.requested',
        to: { studentId: application.studentId },
        params: withoutNulls({
          title: request.title,
          note: request.note,
          dueDate: request.dueDate,
          university: application.university,
          applicationId: String(application.id),
        }),
      },
    ]);
    await recordAuditEvent(tx, write.by, {
      action: 'document-request.create',
      studentId: application.studentId,
      details: { documentRequestId: created.id, applicationId: application.id, ...request },
    });
    return created;
  });
}

/** Removes a request nothing was uploaded to; audited in the same transaction. */
export async function deleteDocumentRequest(
  db: Database,
  write: StaffWrite,
  documentRequestId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const request = await requireRequestInScope(tx, write.caller, documentRequestId);
    // The request's row is locked against an upload arriving while it goes.
    await tx
      .select({ id: documentRequests.id })
      .from(documentRequests)
      .where(eq(documentRequests.id, request.id))
      .for('update');
    const [files] = await tx
      .select({ n: count() })
      .from(documents)
      .where(eq(documents.documentRequestId, request.id));
    if ((files?.n ?? 0) > 0) throw new HttpError(409, DOCUMENT_REQUEST_MESSAGES.hasUploads);
    await tx.delete(documentRequests).where(eq(documentRequests.id, request.id));
    await recordAuditEvent(tx, write.by, {
      action: 'document-request.delete',
      studentId: request.studentId,
      details: {
        documentRequestId: request.id,
        applicationId: request.applicationId,
        title: request.title,
      },
    });
  });
}

/**
 * Accepts a request's pending file or sends it back with a reason, in one transaction with its
 * audit row. Of two reviews of one file at once, the first wins; the other finds it reviewed (409).
 */
export async function reviewDocument(
  db: Database,
  write: StaffWrite,
  documentId: number,
  review: { decision: TReviewDecision; reason: string | null },
): Promise<TStaffDocumentRequest> {
  const documentRequestId = await db.transaction(async (tx) => {
    const document = await requireDocumentInScope(tx, write.caller, documentId);
    if (document.documentRequestId === null) {
      throw new HttpError(409, DOCUMENT_REQUEST_MESSAGES.notRequested);
    }
    const file = { documentRequestId: document.documentRequestId, documentId: document.id };
    const { title, university, applicationId } = await markReviewed(tx, file, review);
    const reason = review.decision === 'reject' ? review.reason : null;
    await tx
      .update(documents)
      .set({
        review: review.decision === 'accept' ? 'accepted' : 'rejected',
        reviewReason: reason,
        reviewedBy: write.caller.id,
        reviewedAt: sql`now()`,
      })
      .where(eq(documents.id, document.id));
    await recordNotifications(tx, [
      {
        template: review.decision === 'accept' ? 'document.accepted' : 'document.rejected',
        to: { studentId: document.studentId },
        params: withoutNulls({
          title,
          reason,
          university,
          applicationId: String(applicationId),
        }),
      },
    ]);
    await recordAuditEvent(tx, write.by, {
      action: 'document.review',
      studentId: document.studentId,
      details: {
        documentId: document.id,
        documentRequestId: document.documentRequestId,
        title,
        decision: review.decision,
        reason,
      },
    });
    return document.documentRequestId;
  });
  const [updated] = await listStaffDocumentRequests(db, eq(documentRequests.id, documentRequestId));
  if (!updated) throw new HttpError(404, DOCUMENT_REQUEST_MESSAGES.notFound);
  return updated;
}
