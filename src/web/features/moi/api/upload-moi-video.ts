import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  MOI_UPLOAD_FIELDS,
  type TMoiSubmitVideoQuery,
  type TMoiSubmitVideoResponse,
  ZMoiSubmitVideoResponseSchema,
} from '../../../../shared/moi.js';
import { uploadWithProgress } from '../../../lib/upload-with-progress.js';

export interface UploadMoiVideoInput extends TMoiSubmitVideoQuery {
  video: Blob;
  /** Called as bytes leave the device, with the share sent so far, from 0 to 1. */
  onProgress: (sent: number) => void;
  /** Aborts the upload (the student left the page). */
  signal: AbortSignal;
}

/**
 * POST /api/moi/submit-video?sessionId=&videoIndex=&questionId= (spec section 7), one WebM file
 * in a multipart form, with the bytes sent reported for a progress bar on a slow network.
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
  return uploadWithProgress({
    url: `${API_PATHS.moiSubmitVideo}?${query.toString()}`,
    body,
    schema: ZMoiSubmitVideoResponseSchema,
    onProgress,
    signal,
  });
}
