import { describe, expect, it } from 'vitest';
import { detectWebm, WEBM_HEAD_LENGTH } from './detect-webm.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => [...Buffer.from(text, 'latin1')];

/** The EBML header elements every browser writes, with the DocType given. */
const headerBody = (docType: string) => [
  ...[0x42, 0x86, 0x81, 0x01], // EBMLVersion 1
  ...[0x42, 0xf7, 0x81, 0x01], // EBMLReadVersion 1
  ...[0x42, 0xf2, 0x81, 0x04], // EBMLMaxIDLength 4
  ...[0x42, 0xf3, 0x81, 0x08], // EBMLMaxSizeLength 8
  ...[0x42, 0x82, 0x80 | docType.length, ...ascii(docType)], // DocType
  ...[0x42, 0x87, 0x81, 0x04], // DocTypeVersion 4
  ...[0x42, 0x85, 0x81, 0x02], // DocTypeReadVersion 2
];
const SEGMENT_START = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

/** As Chrome's MediaRecorder writes it: a one-byte header size. */
const chrome = (docType = 'webm') => {
  const body = headerBody(docType);
  return bytes(0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length, ...body, ...SEGMENT_START);
};
/** As Firefox's writes it: the header size in eight bytes. */
const firefox = () => {
  const body = headerBody('webm');
  return bytes(0x1a, 0x45, 0xdf, 0xa3, 0x01, 0, 0, 0, 0, 0, 0, body.length, ...body);
};

describe('detectWebm', () => {
  it("knows Chrome's and Firefox's recordings by their header", () => {
    expect(detectWebm(chrome())).toBe('video/webm');
    expect(detectWebm(firefox())).toBe('video/webm');
    expect(firefox().length).toBeLessThanOrEqual(WEBM_HEAD_LENGTH);
  });

  it('finds the DocType wherever it sits in the header, and reads a zero-padded one', () => {
    const padded = [0x42, 0x82, 0x86, ...ascii('webm'), 0, 0];
    const body = [0xec, 0x82, 0x00, 0x00, ...padded]; // a Void element first
    expect(detectWebm(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length, ...body))).toBe(
      'video/webm',
    );
  });

  it.each([
    ['Matroska (same magic, another DocType)', chrome('matroska')],
    ['a PDF', Uint8Array.from(Buffer.from('%PDF-1.7\n1 0 obj'))],
    ['an HTML page', Uint8Array.from(Buffer.from('<!doctype html><script>alert(1)</script>'))],
    ['the magic alone', bytes(0x1a, 0x45, 0xdf, 0xa3)],
    ['a header cut off inside the DocType', chrome().subarray(0, 24)],
    ['a header without a DocType', bytes(0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x86, 0x81, 0x01)],
    ['a size of zero length', bytes(0x1a, 0x45, 0xdf, 0xa3, 0x00, 0x42, 0x82)],
    ['nothing', bytes()],
  ])('refuses %s', (_, head) => {
    expect(detectWebm(head)).toBeNull();
  });
});
