import { MAX_DOCUMENT_NAME_LENGTH, type TDocumentType } from '../../../shared/documents.js';

/** The extension a document of each detected type is named with, and others that mean the same. */
const EXTENSIONS: Record<TDocumentType, { canonical: string; alike: string[] }> = {
  'application/pdf': { canonical: '.pdf', alike: [] },
  'image/jpeg': { canonical: '.jpg', alike: ['.jpeg'] },
  'image/png': { canonical: '.png', alike: [] },
};

/**
 * Control characters (Cc) and format characters (Cf: zero-width spaces and joiners, the
 * bidirectional overrides, soft hyphens, the byte-order mark): invisible, they can hide or
 * reorder what a name ends with.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
/** Whitespace, and the blank letters and symbols that pad a name as spaces do (Hangul fillers, the braille blank). */
const SPACES = /[\s\u115f\u1160\u3164\uffa0\u2800]+/gu;
/** What a name ends with when it has an extension: a dot and up to ten letters or digits. */
const LAST_EXTENSION = /\.[\p{L}\p{N}]{1,10}$/u;

/**
 * The name a document is listed and downloaded under. It is only a label: files are stored under
 * generated keys. Folders a browser or a crafted request put in front ("..\\..\\passport.pdf")
 * are dropped, invisible characters removed and runs of spaces folded into one, so nothing can
 * disguise the extension. The extension is the detected type's: a PDF named "statement.html" is
 * "statement.pdf", since a saved file is opened by what its name ends with. A long name is
 * shortened with its extension kept, and a name with nothing left is named after its type.
 */
export function cleanDocumentFileName(submitted: string, fileType: TDocumentType): string {
  const { canonical, alike } = EXTENSIONS[fileType];
  const base = submitted.split(/[/\\]/).pop() ?? '';
  const name = base.replace(INVISIBLE, '').replace(SPACES, ' ').trim().replace(/^\.+/, '');
  const extension = LAST_EXTENSION.exec(name)?.[0] ?? '';
  const kept = [canonical, ...alike].includes(extension.toLowerCase());
  const stem = name.slice(0, name.length - extension.length).trimEnd();
  const ending = kept ? extension : canonical;
  const chars = Array.from(stem || 'document');
  return chars.slice(0, MAX_DOCUMENT_NAME_LENGTH - ending.length).join('') + ending;
}
