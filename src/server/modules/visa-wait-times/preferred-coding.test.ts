import { describe, expect, it } from 'vitest';
import { preferredCoding } from './preferred-coding.js';

describe('preferredCoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['gzip;q=nonsense', null],
    ['', null],
    [undefined, null],
  ])('answers %j with %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });

  it('answers every header rightly again, past the headers it keeps', () => {
    // More distinct headers than are remembered, each asked twice: a kept answer must be its own.
    const headers = Array.from({ length: 200 }, (_, i) =>
      i % 2 === 0 ? `gzip, x-${String(i)}` : `br, x-${String(i)}`,
    );
    const answers = [...headers, ...headers].map(preferredCoding);
    expect(answers).toEqual([...headers, ...headers].map((_, i) => (i % 2 === 0 ? 'gzip' : 'br')));
  });
});
