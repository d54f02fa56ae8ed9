import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_UPLOAD_FIELDS,
  ZDocumentSchema,
  type TDocument,
} from '../../../../shared/documents.js';
import { uploadWithProgress } from '../../../lib/upload-with-progress.js';
import { failureMessage } from '../utils/failure-message.js';
import { refreshDocumentReads } from './refresh-document-reads.js';

export interface UploadDocumentInput {
  file: File;
  applicationId: number;
  /** The document request the file answers (document-requests.ts); none for a free upload. */
  documentRequestId?: number;
  /** Called as bytes leave the device, with the share sent so far, from 0 to 1. */
  onProgress: (sent: number) => void;
}

/**
 * POST /api/documents, multipart: the application id and the request's, then the file (the
 * server reads the ids before it streams the file to storage), with the bytes sent reported for
 * a progress bar.
 */
export function uploadDocument({
  file,
  applicationId,
  documentRequestId,
  onProgress,
}: UploadDocumentInput) {
  const body = new FormData();
  body.append(DOCUMENT_UPLOAD_FIELDS.applicationId, String(applicationId));
  if (documentRequestId !== undefined) {
    body.append(DOCUMENT_UPLOAD_FIELDS.documentRequestId, String(documentRequestId));
  }
  body.append(DOCUMENT_UPLOAD_FIELDS.file, file);
  return uploadWithProgress<TDocument>({
    url: API_PATHS.documents,
    body,
    schema: ZDocumentSchema,
    onProgress,
  });
}

/**
 * The server's words (too large, wrong type, too many, a request already accepted or waiting for
 * review), else the spec's failure message.
 */
export function uploadFailureMessage(error: unknown): string {
  return failureMessage(error, DOCUMENT_MESSAGES.uploadFailed);
}

/**
 * Uploads, then re-reads the lists; it settles once the new document is in them (and its
 * request, if any, is under review).
 */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: () => refreshDocumentReads(queryClient),
  });
}
