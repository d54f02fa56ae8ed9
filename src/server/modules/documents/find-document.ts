import { and, eq } from 'drizzle-orm';
import type { TDocument } from '../../../shared/documents.js';
import type { Database } from '../../db/client.js';
import { documents } from '../../db/schema.js';
import { documentColumns, toDocument } from './document-row.js';

export interface StoredDocument {
  document: TDocument;
  storageKey: string;
}

/**
 * One of the student's own documents and where its file is; null for an unknown id and for
 * another student's alike, so an id tells nothing.
 */
export async function findDocument(
  db: Database,
  studentId: string,
  documentId: number,
): Promise<StoredDocument | null> {
  const [row] = await db
    .select({ ...documentColumns, storageKey: documents.storageKey })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.studentId, studentId)))
    .limit(1);
  if (!row) return null;
  const { storageKey, ...document } = row;
  return { document: toDocument(document), storageKey };
}
