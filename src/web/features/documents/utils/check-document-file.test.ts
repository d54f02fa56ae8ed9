import { describe, expect, it } from 'vitest';
import { checkDocumentFile } from './check-document-file.js';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('the checks before an upload', () => {
  it('lets a PDF, JPEG or PNG of up to 10 MB through', () => {
    expect(checkDocumentFile(file('transcript.pdf', 'application/pdf'))).toBeNull();
    expect(checkDocumentFile(file('passport.JPG', 'image/jpeg'))).toBeNull();
    expect(checkDocumentFile(file('photo.jpeg', 'image/jpeg'))).toBeNull();
    expect(checkDocumentFile(file('scan.png', 'image/png', 10 * MB))).toBeNull();
  });

  it('takes the name when the phone declares no type, and the type when the name has none', () => {
    expect(checkDocumentFile(file('bank-statement.pdf', ''))).toBeNull();
    expect(checkDocumentFile(file('IMG_0042', 'image/png'))).toBeNull();
  });

  it("refuses any other type with the spec's message", () => {
    for (const other of [
      file('notes.txt', 'text/plain'),
      file('page.html', 'text/html'),
      file('photo.heic', 'image/heic'),
      file('essay.docx', ''),
      file('pdf', ''),
    ]) {
      expect(checkDocumentFile(other)).toBe('Only PDF, JPG, and PNG files are allowed');
    }
  });

  it("refuses a file over 10 MB with the spec's message", () => {
    expect(checkDocumentFile(file('transcript.pdf', 'application/pdf', 10 * MB + 1))).toBe(
      'File size must be less than 10MB',
    );
  });
});
