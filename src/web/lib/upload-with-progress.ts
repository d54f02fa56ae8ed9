import type { z } from 'zod';
import { authHeaders } from './api-client.js';

export interface UploadWithProgressInput<T> {
  url: string;
  body: FormData;
  /** The answer's contract; an answer that does not match it rejects. */
  schema: z.ZodType<T>;
  /** Called as bytes leave the device, with the share sent so far, from 0 to 1. */
  onProgress: (sent: number) => void;
  /** Aborts the upload; it then rejects with an AbortError, as fetch does. */
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form through XMLHttpRequest, not fetch, because only XHR reports the bytes
 * sent, for a real progress bar on a slow network. Like apiRequest, it sends cookies and the
 * bearer token from sessionStorage (spec section 6), and a non-OK answer rejects with an Error
 * whose message is `${status}: ${body text or status text}` (spec section 7).
 */
export function uploadWithProgress<T>({
  url,
  body,
  schema,
  onProgress,
  signal,
}: UploadWithProgressInput<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
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
        resolve(schema.parse(JSON.parse(xhr.responseText)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    // What fetch does for a network failure: a TypeError, with no status to read.
    xhr.addEventListener('error', () => {
      reject(new TypeError('The upload could not reach the server.'));
    });
    xhr.addEventListener('abort', () => {
      reject(new DOMException('The upload was stopped.', 'AbortError'));
    });
    signal?.addEventListener('abort', () => {
      xhr.abort();
    });
    xhr.send(body);
  });
}
