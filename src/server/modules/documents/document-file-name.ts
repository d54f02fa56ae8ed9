import { MAX_DOCUMENT_NAME_LENGTH, type TDocumentType } from '../../../shared/documents.js';

const EXTENSIONS: Record<TDocumentType, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
};

/**
 * The name a document is listed and downloaded under. It is only a label: files are stored under
 * generated keys. Folders a browser or a crafted request put in front ("..\\..\\passport.pdf")
 * are dropped, control and bidirectional-override characters (which can disguise an extension)
 * removed, and a long name shortened with its extension kept. A name with nothing left is
 * named after its detected type.
 */
export function cleanDocumentFileName(submitted: string, fileType: TDocumentType): string {
  const base = submitted.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  const name = cleaned.trim().replace(/^\.+/, '');
  if (!name) return `document${EXTENSIONS[fileType]}`;
  const chars = Array.from(name);
  if (chars.length <= MAX_DOCUMENT_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)).slice(0, 10).join('') : '';
  return chars.slice(0, MAX_DOCUMENT_NAME_LENGTH - extension.length).join('') + extension;
}

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
