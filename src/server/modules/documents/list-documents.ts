import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { TDocument } from '../../../shared/documents.js';
import type { Database } from '../../db/client.js';
import { documents } from '../../db/schema.js';
import { documentColumns, toDocument } from './document-row.js';

/** The student's own documents, newest first; only those of one application when it is given. */
export async function listDocuments(
  db: Database,
  studentId: string,
  applicationId: number | undefined,
): Promise<TDocument[]> {
  const conditions: SQL[] = [eq(documents.studentId, studentId)];
  if (applicationId !== undefined) conditions.push(eq(documents.applicationId, applicationId));
  const rows = await db
    .select(documentColumns)
    .from(documents)
    .where(and(...conditions))
    .orderBy(desc(documents.uploadedAt), desc(documents.id));
  return rows.map(toDocument);
}
