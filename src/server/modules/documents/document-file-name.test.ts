import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_NAME_LENGTH } from '../../../shared/documents.js';
import { cleanDocumentFileName } from './document-file-name.js';

describe('cleanDocumentFileName', () => {
  it.each([
    ['transcript.pdf', 'transcript.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['C:\\Users\\me\\Desktop\\passport scan.pdf', 'passport scan.pdf'],
    ['..', 'document.pdf'],
    ['', 'document.pdf'],
    ['   ', 'document.pdf'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['bank\u0000statement\r\n.pdf', 'bankstatement.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.pdf'],
    ['Chứng chỉ IELTS.pdf', 'Chứng chỉ IELTS.pdf'],
    ['TRANSCRIPT.PDF', 'TRANSCRIPT.PDF'],
    // A PDF/HTML polyglot: saved under its own name, it would open as a page and run its script.
    ['Bank statement.html', 'Bank statement.pdf'],
    ['Bank statement.pdf.html', 'Bank statement.pdf.pdf'],
    ['Bank statement', 'Bank statement.pdf'],
    ['Mr. Smith letter', 'Mr. Smith letter.pdf'],
    // Zero-width and padding characters pushing the real extension out of sight.
    ['Bank statement.pdf\u200b\u200b.html', 'Bank statement.pdf.pdf'],
    ['Bank statement.pdf\ufeff\u2060.html', 'Bank statement.pdf.pdf'],
    [`Bank statement.pdf${' '.repeat(120)}.html`, 'Bank statement.pdf.pdf'],
    ['Bank statement.pdf\u3000\u3000\u3164\u2800.html', 'Bank statement.pdf.pdf'],
    ['Bank\u00a0\u00a0 \tstatement.pdf', 'Bank statement.pdf'],
    ['\u00adsoft\u00adhyphen.pdf', 'softhyphen.pdf'],
  ])('%j is listed as %j', (submitted, expected) => {
    expect(cleanDocumentFileName(submitted, 'application/pdf')).toBe(expected);
  });

  it.each([
    ['photo.jpg', 'image/jpeg', 'photo.jpg'],
    ['photo.JPEG', 'image/jpeg', 'photo.JPEG'],
    ['photo.png', 'image/jpeg', 'photo.jpg'],
    ['photo.jpg', 'image/png', 'photo.png'],
    ['scan.svg', 'image/png', 'scan.png'],
    ['page.htm', 'image/jpeg', 'page.jpg'],
  ] as const)('%j of type %s is listed as %j', (submitted, type, expected) => {
    expect(cleanDocumentFileName(submitted, type)).toBe(expected);
  });

  it('answers a cleaned name unchanged, so stored names can be cleaned again when served', () => {
    for (const submitted of ['Bank statement.html', 'a\u200b.pdf', `${'x'.repeat(300)}.png`]) {
      const once = cleanDocumentFileName(submitted, 'image/png');
      expect(cleanDocumentFileName(once, 'image/png')).toBe(once);
    }
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
