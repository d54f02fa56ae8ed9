import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_NAME_LENGTH } from '../../../shared/documents.js';
import { cleanDocumentFileName, contentDisposition } from './document-file-name.js';

describe('cleanDocumentFileName', () => {
  it.each([
    ['transcript.pdf', 'transcript.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\me\\Desktop\\passport scan.jpg', 'passport scan.jpg'],
    ['..', 'document.pdf'],
    ['', 'document.pdf'],
    ['   ', 'document.pdf'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['bank\u0000statement\r\n.pdf', 'bankstatement.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['Chứng chỉ IELTS.pdf', 'Chứng chỉ IELTS.pdf'],
  ])('%j is listed as %j', (submitted, expected) => {
    expect(cleanDocumentFileName(submitted, 'application/pdf')).toBe(expected);
  });

  it('names a nameless image after its type', () => {
    expect(cleanDocumentFileName('', 'image/png')).toBe('document.png');
    expect(cleanDocumentFileName('/', 'image/jpeg')).toBe('document.jpg');
  });

  it('shortens a long name and keeps its extension', () => {
    const name = cleanDocumentFileName(`${'a'.repeat(500)}.pdf`, 'application/pdf');
    expect(name).toHaveLength(MAX_DOCUMENT_NAME_LENGTH);
    expect(name.endsWith('a.pdf')).toBe(true);
  });

  it('counts characters, not UTF-16 units, so no emoji is cut in half', () => {
    const name = cleanDocumentFileName(`${'😀'.repeat(300)}.png`, 'image/png');
    expect(Array.from(name)).toHaveLength(MAX_DOCUMENT_NAME_LENGTH);
    // A lone surrogate would make the name unencodable in a header.
    expect(() => encodeURIComponent(name)).not.toThrow();
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Chứng chỉ "A" 100%.pdf')).toBe(
      `attachment; filename="Ch_ng ch_ _A_ 100_.pdf"; filename*=UTF-8''Ch%E1%BB%A9ng%20ch%E1%BB%89%20%22A%22%20100%25.pdf`,
    );
  });

  it('keeps a plain name as it is', () => {
    expect(contentDisposition('inline', 'offer-letter (1).pdf')).toBe(
      `inline; filename="offer-letter (1).pdf"; filename*=UTF-8''offer-letter%20%281%29.pdf`,
    );
  });
});
