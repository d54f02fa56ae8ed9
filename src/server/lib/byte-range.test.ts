import { describe, expect, it } from 'vitest';
import { requestedRange } from './byte-range.js';

describe('the range a request asks of a file of 1,000 bytes', () => {
  it.each([
    [undefined, null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=500-', { start: 500, end: 999 }],
    ['bytes=900-1500', { start: 900, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    // Past the end: nothing of the file can be sent.
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    // What this server does not read is ignored, and the whole file sent (RFC 9110 14.2).
    ['bytes=0-1,5-6', null],
    ['bytes=5-1', null],
    ['items=0-1', null],
    ['bytes=-', null],
    ['bytes=abc-', null],
  ] as const)('%s gives %o', (header, range) => {
    expect(requestedRange(header, 1000)).toEqual(range);
  });

  it('finds every range of an empty file unsatisfiable', () => {
    expect(requestedRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-1', 0)).toBe('unsatisfiable');
  });
});
