import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { issuedDocuments } from '../../db/schema.js';
import type { StoredFile } from '../../lib/stored-file-reply.js';

export type IssuedDocumentKind = (typeof issuedDocuments.$inferSelect)['kind'];

/** The student's issued file of a kind, as storage keeps it; null when none was uploaded. */
export async function findIssuedDocument(
  db: Database,
  studentId: string,
  kind: IssuedDocumentKind,
): Promise<(Omit<StoredFile, 'content'> & { storageKey: string }) | null> {
  const [row] = await db
    .select({
      name: issuedDocuments.fileName,
      type: issuedDocuments.fileType,
      size: issuedDocuments.fileSize,
      storageKey: issuedDocuments.storageKey,
    })
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.studentId, studentId), eq(issuedDocuments.kind, kind)));
  return row ?? null;
}
