import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { applications, documentRequests, documents, students } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { studentsInScope } from '../staff-auth/students-in-scope.js';

/** What a staff route answers for an application outside the caller's scope: nothing is there. */
export const STAFF_APPLICATION_NOT_FOUND = 'No application with this id.';
export const STAFF_DOCUMENT_NOT_FOUND = 'No document with this id.';
export const STAFF_REQUEST_NOT_FOUND = 'No document request with this id.';

/** An id from a path that is not a number any row can have is a 404 before any query. */
const isRowId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;

/**
 * The application, with its student, when that student is in the caller's scope; otherwise a 404
 * as for an id that does not exist. `db` may be the transaction of the write that needs it.
 */
export async function requireApplicationInScope(
  db: Database,
  caller: StaffCaller,
  applicationId: number,
): Promise<{ id: number; studentId: string; university: string }> {
  const [found] = isRowId(applicationId)
    ? await db
        .select({
          id: applications.id,
          studentId: applications.studentId,
          university: applications.university,
        })
        .from(applications)
        .innerJoin(students, eq(students.id, applications.studentId))
        .where(and(eq(applications.id, applicationId), studentsInScope(caller)))
    : [];
  if (!found) throw new HttpError(404, STAFF_APPLICATION_NOT_FOUND);
  return found;
}

/** A document request of a student in the caller's scope, or a 404. */
export async function requireRequestInScope(
  db: Database,
  caller: StaffCaller,
  documentRequestId: number,
): Promise<{ id: number; studentId: string; applicationId: number; title: string }> {
  const [found] = isRowId(documentRequestId)
    ? await db
        .select({
          id: documentRequests.id,
          studentId: documentRequests.studentId,
          applicationId: documentRequests.applicationId,
          title: documentRequests.title,
        })
        .from(documentRequests)
        .innerJoin(students, eq(students.id, documentRequests.studentId))
        .where(and(eq(documentRequests.id, documentRequestId), studentsInScope(caller)))
    : [];
  if (!found) throw new HttpError(404, STAFF_REQUEST_NOT_FOUND);
  return found;
}

/** A document of a student in the caller's scope, with the request it was uploaded into. */
export async function requireDocumentInScope(
  db: Database,
  caller: StaffCaller,
  documentId: number,
): Promise<{
  id: number;
  studentId: string;
  documentRequestId: number | null;
}> {
  const [found] = isRowId(documentId)
    ? await db
        .select({
          id: documents.id,
          studentId: documents.studentId,
          documentRequestId: documents.documentRequestId,
        })
        .from(documents)
        .innerJoin(students, eq(students.id, documents.studentId))
        .where(and(eq(documents.id, documentId), studentsInScope(caller)))
    : [];
  if (!found) throw new HttpError(404, STAFF_DOCUMENT_NOT_FOUND);
  return found;
}
