import { createHash } from 'node:crypto';
import {
  sortWaitTimes,
  type TVisaWaitTime,
  ZVisaWaitTimesResponseSchema,
} from '../../../shared/visa-wait-times.js';

export interface WaitTimeSnapshot {
  count: number;
  /** The response body, serialized once per change rather than once per request. */
  body: Buffer;
  /** A strong validator: the body's SHA-256, so equal lists give equal tags on every instance. */
  etag: string;
}

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
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  return { count: list.length, body, etag };
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
