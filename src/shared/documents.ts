import { z } from 'zod';

/**
 * A student's uploaded documents (spec sections 3 "Document", 5 "Document upload", 7). The spec
 * keeps them in the browser as data URLs; this portal stores them on the server per student, so
 * a document carries a link to its file instead of `fileData`.
 */
export const ZDocumentSchema = z.object({
  id: z.number().int().positive(),
  /** The application it was uploaded for, or null. */
  applicationId: z.number().int().positive().nullable(),
  /** The document request it was uploaded into (document-requests.ts), or null. */
  documentRequestId: z.number().int().positive().nullable(),
  fileName: z.string(),
  /** Detected from the file's content, never from its name or declared type. */
  fileType: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
  /** Bytes. */
  fileSize: z.number().int().nonnegative(),
  /** ISO 8601 timestamp. */
  uploadedAt: z.string(),
});
export type TDocument = z.infer<typeof ZDocumentSchema>;
export type TDocumentType = TDocument['fileType'];

export const ZDocumentListResponseSchema = z.array(ZDocumentSchema);
export type TDocumentListResponse = z.infer<typeof ZDocumentListResponseSchema>;

export const ZDocumentListQuerySchema = z.object({
  applicationId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const ZDocumentIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** `GET /api/documents/{id}/file?download=1` asks for an attachment instead of an inline view. */
export const ZDocumentFileQuerySchema = z.object({
  download: z.enum(['0', '1']).optional(),
});

/**
 * The multipart fields of `POST /api/documents`, in this order: the server reads the optional
 * application id and document request id before the file, so the file can stream to storage without being held.
 */
export const DOCUMENT_UPLOAD_FIELDS = {
  applicationId: 'applicationId',
  documentRequestId: 'documentRequestId',
  file: 'file',
} as const;

/** Spec sections 5 and 9: 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** What the file input offers; the server decides by content. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** Longest file name kept; longer names are shortened, keeping the extension. */
export const MAX_DOCUMENT_NAME_LENGTH = 200;

/** Documents one student may keep at once; the spec sets no limit, storage needs one. */
export const MAX_DOCUMENTS_PER_STUDENT = 50;

/**
 * The first four are the spec's (sections 5 and 8), verbatim; the rest cover what a server adds.
 * The server answers with these texts, so the web can show `message` as it is.
 */
export const DOCUMENT_MESSAGES = {
  tooLarge: 'File size must be less than 10MB',
  wrongType: 'Only PDF, JPG, and PNG files are allowed',
  uploadFailed: 'Upload failed. Please try again.',
  confirmDelete: 'Are you sure you want to delete this document? This action cannot be undone.',
  notFound: 'Document not found.',
  noFile: 'Please choose a file to upload.',
  unreadable: 'The upload could not be read. Please choose the file again.',
  tooManyDocuments: `You can keep up to ${MAX_DOCUMENTS_PER_STUDENT} documents. Delete one you no longer need, then upload again.`,
  tooManyUploads: 'Too many uploads in a short time. Please wait a few minutes and try again.',
} as const;
