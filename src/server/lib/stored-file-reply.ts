import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A Content-Disposition header for a stored name (RFC 6266): an ASCII fallback for old clients
 * and the exact name in UTF-8 for the rest, so no name can break out of the header.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export interface StoredFile {
  content: Readable;
  /** The type detected from the content when it was stored, never the uploader's word. */
  type: string;
  size: number;
  /** The name it is saved under: a label only, files are stored under generated keys. */
  name: string;
}

/**
 * Sends a stored upload (a document, an interview recording) to its owner or to staff. It is
 * never a page of this origin: opened from this address, a PDF's scripts, forms and links get
 * an opaque origin and no subresources (docs/security-tests.md, downloads), and nothing keeps it.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: StoredFile,
  kind: 'inline' | 'attachment',
): FastifyReply {
  return reply
    .header('content-type', file.type)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(kind, file.name))
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .send(file.content);
}
