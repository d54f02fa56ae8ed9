import {
  DOCUMENT_ACCEPT,
  DOCUMENT_MESSAGES,
  MAX_DOCUMENT_BYTES,
} from '../../../../shared/documents.js';

// DOCUMENT_ACCEPT lists the extensions (".pdf") and the declared types ("application/pdf").
const accepted = DOCUMENT_ACCEPT.split(',');
const EXTENSIONS = accepted.filter((entry) => entry.startsWith('.'));
const TYPES = accepted.filter((entry) => !entry.startsWith('.'));

/**
 * The spec's checks before a byte is sent (section 5): a file over 10 MB, or one that is plainly
 * not a PDF, JPEG or PNG, gets the spec's message at once. "Plainly": neither its name nor the
 * type the browser declares says so. Phones often declare no type, so a right extension is
 * enough. The server checks the content; this only spares a pointless upload.
 */
export function checkDocumentFile(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const name = file.name.toLowerCase();
  const typeOk =
    TYPES.includes(file.type.toLowerCase()) || EXTENSIONS.some((ext) => name.endsWith(ext));
  if (!typeOk) return DOCUMENT_MESSAGES.wrongType;
  if (file.size > MAX_DOCUMENT_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  return null;
}
