import { useEffect, useState } from 'react';
import { API_PATHS, apiPath } from '../../../../shared/api-paths.js';
import type { TDocument } from '../../../../shared/documents.js';
import { apiRequest } from '../../../lib/api-client.js';

/**
 * GET /api/documents/{id}/file: the document's bytes. The blob takes the type the server
 * detected from the content (one of PDF, JPEG, PNG), never the response's, so a preview can
 * only ever be a PDF or an image.
 */
export async function getDocumentFile({ id, fileType }: TDocument): Promise<Blob> {
  const res = await apiRequest('GET', apiPath(API_PATHS.documentFile, { id }));
  return new Blob([await res.arrayBuffer()], { type: fileType });
}

export type DocumentFile =
  { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * The document's file as a blob: URL, for an <img> or <iframe>: the file needs the bearer
 * header, which neither can send. Not cached: a file is up to 10 MB, read once per preview, and
 * its URL is revoked as soon as the preview closes. To read it again, mount the caller anew.
 */
export function useDocumentFileUrl(document: TDocument): DocumentFile {
  const [file, setFile] = useState<DocumentFile>({ status: 'loading' });

  useEffect(() => {
    let closed = false;
    let url: string | null = null;
    getDocumentFile(document).then(
      (blob) => {
        if (closed) return;
        url = URL.createObjectURL(blob);
        setFile({ status: 'ready', url });
      },
      () => {
        if (!closed) setFile({ status: 'failed' });
      },
    );
    return () => {
      closed = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [document]);

  return file;
}
