import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits } from './if-none-match.js';

const etag = '"abc123"';

describe('ifNoneMatchHits', () => {
  it.each([
    ['"abc123"', true],
    ['W/"abc123"', true],
    ['"old", "abc123"', true],
    ['"old",W/"abc123"', true],
    ['*', true],
    ['"old"', false],
    ['abc123', false],
    ['"abc1234"', false],
    ['', false],
  ])('%j -> %s', (header, hit) => {
    expect(ifNoneMatchHits(header, etag)).toBe(hit);
  });

  it('misses without the header', () => {
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
  });
});
