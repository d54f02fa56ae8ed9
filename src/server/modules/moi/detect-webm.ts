/**
 * A WebM file is an EBML document: the EBML magic, then a header whose DocType element says
 * "webm" (Matroska files share the magic and say "matroska"). Browsers write the header first,
 * in a few dozen bytes: Chrome's is 40, Firefox's (with an 8-byte size) 43.
 */
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3] as const;
const DOC_TYPE_ID = 0x4282;
const WEBM_DOC_TYPE = 'webm';

/** How many leading bytes `detectWebm` reads: the whole EBML header of any browser's recording. */
export const WEBM_HEAD_LENGTH = 64;

interface Read {
  value: number;
  next: number;
}

/**
 * An EBML variable-length integer at `at`: its first byte's leading zeros give its length (1 to
 * `maxLength` bytes). An element id keeps its length marker; a size drops it. Null when the bytes
 * run out or the length is not allowed.
 */
function readVint(bytes: Uint8Array, at: number, maxLength: number, keepMarker: boolean) {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > maxLength || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (bytes[at + i] ?? 0);
  return { value, next: at + length } satisfies Read;
}

/** 'video/webm' when the first bytes are a WebM header, else null (Matroska, HTML, PDF, nothing). */
export function detectWebm(head: Uint8Array): 'video/webm' | null {
  if (!EBML_MAGIC.every((byte, i) => head[i] === byte)) return null;
  const headerSize = readVint(head, EBML_MAGIC.length, 8, false);
  if (!headerSize) return null;
  const end = Math.min(headerSize.next + headerSize.value, head.length);
  let at = headerSize.next;
  while (at < end) {
    const id = readVint(head, at, 4, true);
    const size = id && readVint(head, id.next, 8, false);
    if (!id || !size) return null;
    if (id.value === DOC_TYPE_ID) {
      const value = head.subarray(size.next, size.next + size.value);
      // EBML strings may be padded with zero bytes.
      const docType = Buffer.from(value).toString('latin1').replace(/\0+$/, '');
      return docType === WEBM_DOC_TYPE ? 'video/webm' : null;
    }
    at = size.next + size.value;
  }
  return null;
}
