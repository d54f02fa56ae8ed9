import { count, like } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rateLimits } from '../../db/schema.js';
import { qualifiedName } from './keyed-columns.js';
import { RotationCheckError, type RotationStep } from './rotation-step.js';

// db/rate-limit.ts addressBucket: `<name>:address:<keyed hash>`. Buckets per student are named
// by their id, with no key, and are kept.
const BY_ADDRESS = like(rateLimits.bucket, '%:address:%');

const countRows = async (tx: Database) =>
  (await tx.select({ rows: count() }).from(rateLimits).where(BY_ADDRESS))[0]?.rows ?? 0;

/**
 * Rate-limit buckets per address are named by a keyed hash of the address, and hold only the
 * counts of the current minutes: they are deleted rather than renamed (those limits start afresh).
 */
export async function clearRateLimits(tx: Database): Promise<RotationStep> {
  return {
    report: [
      [
        qualifiedName(rateLimits.bucket),
        await countRows(tx),
        'per-address counts of the last minutes, named with the old key: deleted',
      ],
    ],
    async write(writer) {
      await writer.delete(rateLimits).where(BY_ADDRESS);
    },
    async check(reader) {
      if ((await countRows(reader)) > 0) {
        throw new RotationCheckError(qualifiedName(rateLimits.bucket), 'any');
      }
    },
  };
}
