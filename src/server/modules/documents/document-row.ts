import type { TDocument, TDocumentType } from '../../../shared/documents.js';
import { documents } from '../../db/schema.js';
import { cleanDocumentFileName } from './document-file-name.js';

/** The columns a document answer is made of; the storage key never leaves the server. */
export const documentColumns = {
  id: documents.id,
  applicationId: documents.applicationId,
  documentRequestId: documents.documentRequestId,
  fileName: documents.fileName,
  fileType: documents.fileType,
  fileSize: documents.fileSize,
  uploadedAt: documents.uploadedAt,
};

type DocumentRow = Pick<typeof documents.$inferSelect, keyof typeof documentColumns>;

export function toDocument(row: DocumentRow): TDocument {
  // Written only by uploadDocument, from the detected type.
  const fileType = row.fileType as TDocumentType;
  return {
    ...row,
    fileType,
    // Cleaned again for a name stored before the extension followed the detected type: the
    // list's name is what the browser saves a download under.
    fileName: cleanDocumentFileName(row.fileName, fileType),
    uploadedAt: row.uploadedAt.toISOString(),
  };
}
