import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  MOI_UPLOAD_FIELDS,
  type TMoiSubmitVideoQuery,
  type TMoiSubmitVideoResponse,
  ZMoiSubmitVideoResponseSchema,
} from '../../../../shared/moi.js';
import { authHeaders } from '../../../lib/api-client.js';

export interface UploadMoiVideoInput extends TMoiSubmitVideoQuery {
  video: Blob;
  /** Called as bytes leave the device, with the share sent so far, from 0 to 1. */
  onProgress: (sent: number) => void;
  /** Aborts the upload (the student left the page). */
  signal: AbortSignal;
}

/**
 * POST /api/moi/submit-video?sessionId=&videoIndex=&questionId= (spec section 7), one WebM file
 * in a multipart form. Through XMLHttpRequest, not fetch, because only XHR reports the bytes
 * sent, for a real progress bar on a slow network. Like apiRequest, it sends cookies and the
 * bearer token (spec section 6), and a non-OK answer rejects with an Error whose message is
 * `${status}: ${body text or status text}` (spec section 7).
 */
export function uploadMoiVideo({
  video,
  onProgress,
  signal,
  ...slot
}: UploadMoiVideoInput): Promise<TMoiSubmitVideoResponse> {
  const query = new URLSearchParams({
    sessionId: slot.sessionId,
    videoIndex: String(slot.videoIndex),
    questionId: String(slot.questionId),
  });
  const body = new FormData();
  body.append(MOI_UPLOAD_FIELDS.video, video, `answer-${slot.videoIndex + 1}.webm`);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PATHS.moiSubmitVideo}?${query.toString()}`);
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
        resolve(ZMoiSubmitVideoResponseSchema.parse(JSON.parse(xhr.responseText)));
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
    signal.addEventListener('abort', () => {
      xhr.abort();
    });
    xhr.send(body);
  });
}
