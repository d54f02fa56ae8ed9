import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  DOCUMENT_MESSAGES,
  DOCUMENT_UPLOAD_FIELDS,
  ZDocumentSchema,
  type TDocument,
} from '../../../../shared/documents.js';
import { authHeaders } from '../../../lib/api-client.js';
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
 * before it streams the file to storage). Through XMLHttpRequest, not fetch, because only XHR
 * reports the bytes sent, for a real progress bar. Like apiRequest, it sends cookies and the
 * bearer token from sessionStorage (spec section 6), and a non-OK answer rejects with an Error
 * whose message is `${status}: ${body text or status text}` (spec section 7).
 */
export function uploadDocument({ file, applicationId, onProgress }: UploadDocumentInput) {
  const body = new FormData();
  body.append(DOCUMENT_UPLOAD_FIELDS.applicationId, String(applicationId));
  body.append(DOCUMENT_UPLOAD_FIELDS.file, file);

  return new Promise<TDocument>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', API_PATHS.documents);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    // Listeners on xhr.upload must be in place before send(), or no progress is reported.
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
        return;
      }
      try {
        resolve(ZDocumentSchema.parse(JSON.parse(xhr.responseText)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    // What fetch does for a network failure: a TypeError, with no status to read.
    xhr.addEventListener('error', () => {
      reject(new TypeError('The upload could not reach the server.'));
    });
    xhr.send(body);
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
