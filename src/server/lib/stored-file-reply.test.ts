import { describe, expect, it } from 'vitest';
import { contentDisposition } from './stored-file-reply.js';

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
