import type { ByteRange } from '../storage/file-storage.js';

const ONE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * The one range of bytes a request's Range header asks of a file of `size` bytes (RFC 9110,
 * 14.2): null to send the whole file (no header, several ranges, or one this server does not
 * read, all of which a server may ignore), 'unsatisfiable' for a range that starts past the end.
 * A video player seeking asks for `bytes=N-`.
 */
export function requestedRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  const match = header === undefined ? null : ONE_RANGE.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
