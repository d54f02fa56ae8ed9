import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size.js';

describe('a file size', () => {
  it('reads in bytes, kilobytes or megabytes', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(820)).toBe('820 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(251_187)).toBe('245.3 KB');
    expect(formatFileSize(2_516_582)).toBe('2.4 MB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
  });
});
