import type { TDocumentType } from '../../shared/documents.js';

/** The first bytes of each allowed type; a name or a declared type proves nothing. */
const SIGNATURES: readonly { type: TDocumentType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // "%PDF-"
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** How many leading bytes decide the type. */
export const SIGNATURE_LENGTH = Math.max(...SIGNATURES.map(({ bytes }) => bytes.length));

/** The type a file's first bytes show, or null for anything else (HTML, scripts, nothing at all). */
export function detectDocumentType(head: Uint8Array): TDocumentType | null {
  const match = SIGNATURES.find(({ bytes }) => bytes.every((byte, i) => head[i] === byte));
  return match?.type ?? null;
}
