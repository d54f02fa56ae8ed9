import { and, asc, count, eq } from 'drizzle-orm';
import {
  REVIEW_QUEUE_PAGE,
  type TReviewQueueItem,
} from '../../../shared/staff-document-requests.js';
import type { TDocumentType } from '../../../shared/documents.js';
import type { Database } from '../../db/client.js';
import { applications, documentRequests, documents, students } from '../../db/schema.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { studentsInScope } from '../staff-auth/students-in-scope.js';

/**
 * Files waiting for review of the students in the caller's scope, the oldest upload first (the
 * partial index documents_review_queue_idx holds only these), with how many wait in all.
 */
export async function listReviewQueue(
  db: Database,
  caller: StaffCaller,
): Promise<{ items: TReviewQueueItem[]; total: number }> {
  const waiting = and(eq(documents.review, 'pending'), studentsInScope(caller));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        documentId: documents.id,
        documentRequestId: documentRequests.id,
        title: documentRequests.title,
        dueDate: documentRequests.dueDate,
        studentId: students.id,
        firstName: students.firstName,
        lastName: students.lastName,
        applicationId: applications.id,
        university: applications.university,
        fileName: documents.fileName,
        fileType: documents.fileType,
        fileSize: documents.fileSize,
        uploadedAt: documents.uploadedAt,
      })
      .from(documents)
      .innerJoin(documentRequests, eq(documentRequests.id, documents.documentRequestId))
      .innerJoin(applications, eq(applications.id, documentRequests.applicationId))
      .innerJoin(students, eq(students.id, documents.studentId))
      .where(waiting)
      .orderBy(asc(documents.uploadedAt), asc(documents.id))
      .limit(REVIEW_QUEUE_PAGE),
    db
      .select({ n: count() })
      .from(documents)
      .innerJoin(students, eq(students.id, documents.studentId))
      .where(waiting),
  ]);
  return {
    items: rows.map(({ firstName, lastName, uploadedAt, fileType, ...row }) => ({
      ...row,
      studentName: `${firstName} ${lastName}`,
      // Written only by uploadDocument, from the detected type.
      fileType: fileType as TDocumentType,
      uploadedAt: uploadedAt.toISOString(),
    })),
    total: counted?.n ?? 0,
  };
}
