import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  sortWaitTimes,
  type TVisaWaitTime,
  ZVisaWaitTimesResponseSchema,
} from '../../../shared/visa-wait-times.js';
import type { ContentCoding } from './preferred-coding.js';

/** The list as sent in one content coding, with its strong validator. */
export interface Representation {
  body: Buffer;
  etag: string;
}

/**
 * The list as JSON, serialized once per change rather than once per request; its tag is the
 * body's SHA-256, so equal lists give equal tags on every instance.
 */
export interface WaitTimeSnapshot extends Representation {
  count: number;
  /**
   * The body compressed once per change (18 KB of JSON is about 3 KB), for the browsers that
   * accept it; each with a tag of its own, since a strong validator names one representation
   * (RFC 9110 8.8.3).
   */
  compressed: Record<ContentCoding, Representation>;
}

const compress: Record<ContentCoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};

export interface WaitTimeStore {
  current(): WaitTimeSnapshot;
  replace(records: readonly TVisaWaitTime[]): WaitTimeSnapshot;
}

function snapshotOf(records: readonly TVisaWaitTime[]): WaitTimeSnapshot {
  // Spec section 4's order, so a client may show the list as it comes; checked once here with
  // the response schema, since the route sends these bytes without serializing them again.
  const list = ZVisaWaitTimesResponseSchema.parse(
    sortWaitTimes(records).map((r) => ({
      post: r.post,
      country: r.country,
      studentVisaWaitTime: r.studentVisaWaitTime,
    })),
  );
  const body = Buffer.from(JSON.stringify(list));
  const hash = createHash('sha256').update(body).digest('base64url');
  const encoded = (coding: ContentCoding): Representation => ({
    body: compress[coding](body),
    etag: `"${hash}-${coding}"`,
  });
  return {
    count: list.length,
    body,
    etag: `"${hash}"`,
    compressed: { br: encoded('br'), gzip: encoded('gzip') },
  };
}

/**
 * The wait times as served: DESIGN.md's budget has public reads served from memory, so the route
 * reads this and never the database. It changes only when the module replaces it.
 */
export function createWaitTimeStore(): WaitTimeStore {
  let snapshot = snapshotOf([]);
  return {
    current: () => snapshot,
    replace(records) {
      snapshot = snapshotOf(records);
      return snapshot;
    },
  };
}
