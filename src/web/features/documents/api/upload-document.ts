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
import { allDocumentsQueryKey } from './get-documents.js';

export interface UploadDocumentInput {
  file: File;
  applicationId: number;
  /** Called as bytes leave the device, with the share sent so far, from 0 to 1. */
  onProgress: (sent: number) => void;
}

/**
 * POST /api/documents, multipart: the application id, then the file (the server reads the id
 * before it streams the file to storage), with the bytes sent reported for a progress bar.
 */
export function uploadDocument({ file, applicationId, onProgress }: UploadDocumentInput) {
  const body = new FormData();
  body.append(DOCUMENT_UPLOAD_FIELDS.applicationId, String(applicationId));
  body.append(DOCUMENT_UPLOAD_FIELDS.file, file);
  return uploadWithProgress<TDocument>({
    url: API_PATHS.documents,
    body,
    schema: ZDocumentSchema,
    onProgress,
  });
}

/** The server's words (too large, wrong type, too many), else the spec's failure message. */
export function uploadFailureMessage(error: unknown): string {
  return failureMessage(error, DOCUMENT_MESSAGES.uploadFailed);
}

/** Uploads, then re-reads the lists; it settles once the new document is in them. */
export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allDocumentsQueryKey }),
  });
}
