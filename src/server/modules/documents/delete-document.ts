import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { documents } from '../../db/schema.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { markFileDeleted } from '../document-requests/request-transitions.js';

/**
 * Deletes one of the student's own documents; false when there is none with that id. An accepted
 * file of a document request is refused (409); the newest of a request gone, the request follows
 * the file before it, in the delete's transaction. The row goes first, so the student never sees a document whose file is gone; a file left behind by a
 * failed removal is logged for the operator and is reachable from no row.
 */
export async function deleteDocument(
  deps: { db: Database; storage: FileStorage; log: FastifyBaseLogger },
  studentId: string,
  documentId: number,
): Promise<boolean> {
  const row = await deps.db.transaction(async (tx) => {
    const own = and(eq(documents.id, documentId), eq(documents.studentId, studentId));
    const [found] = await tx
      .select({ documentRequestId: documents.documentRequestId })
      .from(documents)
      .where(own);
    if (found?.documentRequestId) await markFileDeleted(tx, found.documentRequestId, documentId);
    const [deleted] = await tx
      .delete(documents)
      .where(own)
      .returning({ storageKey: documents.storageKey });
    return deleted;
  });
  if (!row) return false;
  try {
    await deps.storage.remove(row.storageKey);
  } catch (error) {
    deps.log.warn(
      { err: error, storageKey: row.storageKey },
      'could not remove a deleted document',
    );
  }
  return true;
}
