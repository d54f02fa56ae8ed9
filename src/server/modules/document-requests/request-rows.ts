import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDocumentRequest, TDocumentReview } from '../../../shared/document-requests.js';
import type { TStaffDocumentRequest } from '../../../shared/staff-document-requests.js';
import type { Database } from '../../db/client.js';
import { documentRequests, documents, staff } from '../../db/schema.js';
import { documentColumns, toDocument } from '../documents/document-row.js';

const askedBy = alias(staff, 'asked_by');
const reviewer = alias(staff, 'reviewer');

/**
 * The requests `where` selects, oldest first, each with its files newest first: the staff's view,
 * with who asked and who reviewed. Two queries whatever the number of requests.
 */
export async function listStaffDocumentRequests(
  db: Database,
  where: SQL | undefined,
): Promise<TStaffDocumentRequest[]> {
  const requests = await db
    .select({
      id: documentRequests.id,
      applicationId: documentRequests.applicationId,
      title: documentRequests.title,
      note: documentRequests.note,
      dueDate: documentRequests.dueDate,
      state: documentRequests.state,
      reason: documentRequests.reason,
      createdAt: documentRequests.createdAt,
      requestedBy: askedBy.name,
    })
    .from(documentRequests)
    .leftJoin(askedBy, eq(askedBy.id, documentRequests.requestedBy))
    .where(where)
    .orderBy(asc(documentRequests.createdAt), asc(documentRequests.id));
  if (requests.length === 0) return [];
  const files = await db
    .select({
      ...documentColumns,
      review: documents.review,
      reason: documents.reviewReason,
      reviewedAt: documents.reviewedAt,
      reviewedBy: reviewer.name,
    })
    .from(documents)
    .leftJoin(reviewer, eq(reviewer.id, documents.reviewedBy))
    .where(
      inArray(
        documents.documentRequestId,
        requests.map((r) => r.id),
      ),
    )
    .orderBy(desc(documents.uploadedAt), desc(documents.id));
  return requests.map((request) => ({
    ...request,
    createdAt: request.createdAt.toISOString(),
    documents: files
      .filter((file) => file.documentRequestId === request.id)
      .map(({ review, reason, reviewedAt, reviewedBy, ...file }) => ({
        ...toDocument(file),
        // Every file of a request has a review (written with it).
        review: review ?? 'pending',
        reason,
        reviewedAt: reviewedAt?.toISOString() ?? null,
        reviewedBy,
      })),
  }));
}

/** The student's view of the same: without the staff's names. */
export async function listStudentDocumentRequests(
  db: Database,
  studentId: string,
  applicationId?: number,
): Promise<TDocumentRequest[]> {
  const conditions = [eq(documentRequests.studentId, studentId)];
  if (applicationId !== undefined)
    conditions.push(eq(documentRequests.applicationId, applicationId));
  const requests = await listStaffDocumentRequests(db, and(...conditions));
  return requests.map(({ requestedBy: _requestedBy, documents: files, ...request }) => ({
    ...request,
    documents: files.map(({ reviewedBy: _reviewedBy, ...file }) => file),
  }));
}

/** The review of a request's newest file, and its reason: what the request's state follows. */
export async function newestFileReview(
  db: Database,
  documentRequestId: number,
): Promise<{ review: TDocumentReview; reason: string | null } | null> {
  const [newest] = await db
    .select({ review: documents.review, reason: documents.reviewReason })
    .from(documents)
    .where(eq(documents.documentRequestId, documentRequestId))
    .orderBy(desc(documents.uploadedAt), desc(documents.id))
    .limit(1);
  return newest ? { review: newest.review ?? 'pending', reason: newest.reason } : null;
}
