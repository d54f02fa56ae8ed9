import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applications, documentRequests, documents } from '../db/schema.js';
import { storeStudentDocument } from './student-files.js';

/** An application of the student's, documents required, to the seeded school requiring MOI. */
export async function addApplication(app: FastifyInstance, studentId: string): Promise<number> {
  const [row] = await app.db
    .insert(applications)
    .values({
      studentId,
      university: 'Lakeshore State University',
      program: 'M.S. Finance',
      status: 'documents_required',
      submittedAt: new Date(),
    })
    .returning({ id: applications.id });
  if (!row) throw new Error('the application was not added');
  return row.id;
}

/**
 * A document request on the application, as staff ask for one; with a pending file, as the
 * student's upload leaves it (under review). Answers the request's id.
 */
export async function addDocumentRequest(
  app: FastifyInstance,
  request: { studentId: string; applicationId: number; title?: string; withPendingFile?: boolean },
): Promise<number> {
  const { studentId, applicationId, title = 'Bank statement', withPendingFile = false } = request;
  const [row] = await app.db
    .insert(documentRequests)
    .values({
      studentId,
      applicationId,
      title,
      state: withPendingFile ? 'under_review' : 'requested',
    })
    .returning({ id: documentRequests.id });
  if (!row) throw new Error('the document request was not added');
  if (withPendingFile) {
    const documentId = await storeStudentDocument(app, studentId);
    await app.db
      .update(documents)
      .set({ applicationId, documentRequestId: row.id, review: 'pending' })
      .where(eq(documents.id, documentId));
  }
  return row.id;
}

/** The student's oldest file still waiting for review. */
export async function pendingDocumentOf(app: FastifyInstance, studentId: string): Promise<number> {
  const [row] = await app.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.studentId, studentId), eq(documents.review, 'pending')))
    .orderBy(asc(documents.id))
    .limit(1);
  if (!row) throw new Error('no file of the student waits for review');
  return row.id;
}

/** The student's oldest request titled `title` with nothing uploaded. */
export async function removableRequestOf(
  app: FastifyInstance,
  studentId: string,
  title: string,
): Promise<number> {
  const [row] = await app.db
    .select({ id: documentRequests.id })
    .from(documentRequests)
    .where(
      and(
        eq(documentRequests.studentId, studentId),
        eq(documentRequests.title, title),
        eq(documentRequests.state, 'requested'),
      ),
    )
    .orderBy(asc(documentRequests.id))
    .limit(1);
  if (!row) throw new Error(`no request "${title}" of the student is left`);
  return row.id;
}
