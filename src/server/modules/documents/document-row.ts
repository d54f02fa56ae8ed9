import type { TDocument, TDocumentType } from '../../../shared/documents.js';
import { documents } from '../../db/schema.js';

/** The columns a document answer is made of; the storage key never leaves the server. */
export const documentColumns = {
  id: documents.id,
  applicationId: documents.applicationId,
  fileName: documents.fileName,
  fileType: documents.fileType,
  fileSize: documents.fileSize,
  uploadedAt: documents.uploadedAt,
};

type DocumentRow = Pick<typeof documents.$inferSelect, keyof typeof documentColumns>;

export function toDocument(row: DocumentRow): TDocument {
  return {
    ...row,
    // Written only by uploadDocument, from the detected type.
    fileType: row.fileType as TDocumentType,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}
