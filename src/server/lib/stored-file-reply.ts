import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ByteRange } from '../storage/file-storage.js';

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

/** What a route that serves ranges of a file answers for one past the end (416). */
export const RANGE_NOT_SATISFIABLE = 'The range asked for starts past the end of the file.';

/**
 * Sends a stored upload (a document, an interview recording) to its owner or to staff. It is
 * never a page of this origin: opened from this address, a PDF's scripts, forms and links get
 * an opaque origin and no subresources (docs/security-tests.md, downloads), and nothing keeps it.
 * A route that serves ranges passes `served`: its range (206 with Content-Range) or null for the
 * whole file, and says so with Accept-Ranges.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: StoredFile,
  kind: 'inline' | 'attachment',
  served?: { range: ByteRange | null },
): FastifyReply {
  const range = served?.range ?? null;
  if (served) void reply.header('accept-ranges', 'bytes');
  if (range) {
    void reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  }
  return reply
    .header('content-type', file.type)
    .header('content-length', range ? range.end - range.start + 1 : file.size)
    .header('content-disposition', contentDisposition(kind, file.name))
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .send(file.content);
}

/** The 416 for a range past the end of a file of `size` bytes, with the size it has. */
export function refuseRange(reply: FastifyReply, size: number): FastifyReply {
  return reply
    .status(416)
    .header('content-range', `bytes */${size}`)
    .send({ message: RANGE_NOT_SATISFIABLE });
}
