import { useEffect, useState } from 'react';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import type { TDocumentType } from '../../../shared/documents.js';
import { consoleRequest } from './console-request.js';

/** GET /api/staff/students/{id}/documents/{documentId}/file: the file, served inline. */
export const studentDocumentFileUrl = (studentId: string, documentId: number) =>
  apiPath(STAFF_API_PATHS.staffStudentDocumentFile, { id: studentId, documentId });

export type FileBlobUrl =
  { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * The file at `url` as a blob: URL, for an <iframe>. Every answer of the server says
 * X-Frame-Options: DENY (plugins/security-headers.ts), so the browser refuses to frame the file's
 * own address; a blob: URL is the page's own, and the policy's frame-src allows it. The blob takes
 * the type the server detected from the content (`type`), so the frame can only be a PDF or an
 * image. Not cached: a file is up to 10 MB, and its URL is let go as soon as the viewer closes.
 * For another file, mount the caller anew (key it by the file).
 */
export function useFileBlobUrl(url: string, type: TDocumentType): FileBlobUrl {
  const [file, setFile] = useState<FileBlobUrl>({ status: 'loading' });

  useEffect(() => {
    let closed = false;
    let blobUrl: string | null = null;
    consoleRequest('GET', url)
      .then((res) => res.arrayBuffer())
      .then(
        (bytes) => {
          if (closed) return;
          blobUrl = URL.createObjectURL(new Blob([bytes], { type }));
          setFile({ status: 'ready', url: blobUrl });
        },
        () => {
          if (!closed) setFile({ status: 'failed' });
        },
      );
    return () => {
      closed = true;
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    };
  }, [url, type]);

  return file;
}
