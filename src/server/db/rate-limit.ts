import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { deleteExpiredRows } from './delete-expired-rows.js';
import { rateLimits } from './schema.js';
import { clientNetwork } from '../lib/client-network.js';
import { type DataKeys, lookupHash } from '../lib/crypto.js';
import { HttpError } from '../lib/http-error.js';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Whole seconds until the window resets, for a Retry-After header. */
  retryAfterSeconds: number;
}

/**
 * Counts one hit in a fixed window kept in the database, so limits survive restarts and hold
 * across server instances. One atomic upsert: concurrent hits never lose a count.
 */
export async function hitRateLimit(
  db: Database,
  bucket: string,
  rule: RateLimitRule,
): Promise<RateLimitResult> {
  const windowEnds = sql`now() + ${`${rule.windowMs} milliseconds`}::interval`;
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, hits: 1, windowEndsAt: windowEnds })
    .onConflictDoUpdate({
      target: rateLimits.bucket,
      set: {
        hits: sql`case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
        windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= now() then ${windowEnds} else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      retryAfterMs: sql<number>`greatest(0, extract(epoch from (${rateLimits.windowEndsAt} - now())) * 1000)::float8`,
    });
  if (!row) throw new Error('rate limit upsert returned no row');
  return {
    allowed: row.hits <= rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil(row.retryAfterMs / 1000)),
  };
}

/** Thrown when a limit is exceeded; the error handler answers 429 with Retry-After. */
export class RateLimitExceeded extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/** Counts one hit and throws RateLimitExceeded, with the student-facing message, past the limit. */
export async function enforceRateLimit(
  db: Database,
  bucket: string,
  rule: RateLimitRule,
  message: string,
): Promise<void> {
  const result = await hitRateLimit(db, bucket, rule);
  if (!result.allowed) throw new RateLimitExceeded(message, result.retryAfterSeconds);
}

/**
 * Gives back one hit counted in the current window, for an attempt that failed on our side (a
 * provider's outage), not the caller's: it must not use up what the limit allows them. A window
 * that has ended is left alone.
 */
export async function returnRateLimitHit(db: Database, bucket: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(and(eq(rateLimits.bucket, bucket), gt(rateLimits.windowEndsAt, sql`now()`)));
}

/**
 * A bucket per client: an IPv4 address, or an IPv6 /64 (client-network.ts). The address is
 * personal data, so the key holds only its keyed hash.
 */
export function addressBucket(keys: DataKeys, name: string, ip: string): string {
  return `${name}:address:${lookupHash(keys, clientNetwork(ip))}`;
}

/**
 * Removes the counters of windows that have ended: they count for nothing (the next hit starts a
 * new window), and without this every address that ever called would keep a row.
 */
export const pruneRateLimits = (db: Database): Promise<number> =>
  deleteExpiredRows(db, rateLimits, rateLimits.windowEndsAt);
