import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

/** The multipart framing around one file: boundaries, part headers, a short field. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * An upload whose declared Content-Length cannot hold a file of at most `maxFileBytes` is refused
 * with 413 before a byte of it is read. The file's own size is still counted as it streams: a
 * client may declare nothing (chunked) or declare less than it sends.
 */
export function refuseOversizedRequest(
  request: FastifyRequest,
  maxFileBytes: number,
  message: string,
): void {
  const header = request.headers['content-length'];
  if (header === undefined) return;
  if (Number(header) > maxFileBytes + MULTIPART_OVERHEAD_BYTES) throw new HttpError(413, message);
}
