import { desc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { visaWaitTimeRefreshes, visaWaitTimes } from '../../db/schema.js';
import { assignCountries, type WaitTimeRecord } from './assign-countries.js';
import { fetchSourcePage } from './fetch-source-page.js';
import { parseWaitTimesPage } from './parse-wait-times-page.js';
import { RefreshCancelled, WaitTimesSourceError } from './refresh-errors.js';
import { type RefreshResult, saveRefresh } from './save-refresh.js';
import { SNAPSHOT_PLACES } from './snapshot.js';

/** The issue's limit: the page is small, and a hung source must not hold a refresh for long. */
export const SOURCE_TIMEOUT_MS = 10_000;

export interface RefreshOptions {
  db: Database;
  log: FastifyBaseLogger;
  sourceUrl: string;
  /** Aborted when the server closes. */
  cancel: AbortSignal;
  /** Skip when any instance attempted a refresh more recently than this; 0 never skips. */
  skipIfAttemptedWithinMs: number;
  timeoutMs?: number;
}

export type RefreshOutcome =
  | {
      outcome: 'ok';
      postCount: number;
      sourceUpdatedOn: string | null;
      changedPosts: number;
      removedPosts: string[];
      skippedPosts: string[];
    }
  | { outcome: 'failed'; error: string }
  /**
   * recent: another attempt was made within the skip window; superseded: another instance
   * recorded a refresh while this one ran; cancelled: the server is closing.
   */
  | { outcome: 'skipped'; reason: 'recent' | 'superseded' | 'cancelled' };

async function latestAttempt(db: Database, withinMs: number) {
  const [latest] = await db
    .select({
      id: visaWaitTimeRefreshes.id,
      recent: sql<boolean>`${visaWaitTimeRefreshes.refreshedAt} > now() - ${`${withinMs} milliseconds`}::interval`,
    })
    .from(visaWaitTimeRefreshes)
    .orderBy(desc(visaWaitTimeRefreshes.id))
    .limit(1);
  return latest ?? null;
}

interface SourceRead {
  sourceUpdatedOn: string | null;
  records: WaitTimeRecord[];
  skippedPosts: string[];
}

async function readSource(options: RefreshOptions): Promise<SourceRead> {
  const html = await fetchSourcePage(options.sourceUrl, {
    timeoutMs: options.timeoutMs ?? SOURCE_TIMEOUT_MS,
    cancel: options.cancel,
  });
  const page = parseWaitTimesPage(html);
  if (page.duplicates.length > 0) {
    options.log.warn(
      { posts: page.duplicates },
      'visa wait times: posts listed twice; kept the first',
    );
  }
  const previous = await options.db
    .select({
      post: visaWaitTimes.post,
      country: visaWaitTimes.country,
      countryCode: visaWaitTimes.countryCode,
    })
    .from(visaWaitTimes);
  const { records, skipped } = assignCountries(page.rows, SNAPSHOT_PLACES, previous);
  if (skipped.length > 0) {
    options.log.warn(
      { posts: skipped },
      'visa wait times: posts with no known country were skipped',
    );
  }
  return { sourceUpdatedOn: page.sourceUpdatedOn, records, skippedPosts: skipped };
}

/**
 * One refresh from the State Department's page: fetch, parse, place posts in countries, then save
 * (saveRefresh). Whatever goes wrong, the last good figures stay and the failure is recorded and
 * logged; it throws only when the database itself fails.
 */
export async function refreshWaitTimes(options: RefreshOptions): Promise<RefreshOutcome> {
  const { db, log, sourceUrl } = options;
  const latest = await latestAttempt(db, options.skipIfAttemptedWithinMs);
  if (options.skipIfAttemptedWithinMs > 0 && latest?.recent) {
    log.info({ outcome: 'skipped', reason: 'recent' }, 'visa wait times: refreshed recently');
    return { outcome: 'skipped', reason: 'recent' };
  }

  let result: RefreshResult;
  let skippedPosts: string[] = [];
  try {
    const read = await readSource(options);
    result = { outcome: 'ok', sourceUpdatedOn: read.sourceUpdatedOn, records: read.records };
    skippedPosts = read.skippedPosts;
  } catch (error) {
    if (error instanceof RefreshCancelled) {
      log.info({ outcome: 'skipped', reason: 'cancelled' }, 'visa wait times: refresh cancelled');
      return { outcome: 'skipped', reason: 'cancelled' };
    }
    if (error instanceof WaitTimesSourceError) {
      result = { outcome: 'failed', error: `${error.code}: ${error.message}` };
    } else {
      // A fault of ours (a parser bug, a database read): still a failed refresh to record, so the
      // operator sees it beside the others; if the database is the fault, saving throws below.
      log.error({ err: error }, 'visa wait times: unexpected error while reading the source');
      result = { outcome: 'failed', error: `unexpected: ${String(error)}` };
    }
  }

  const saved = await saveRefresh(db, { sourceUrl, seenRefreshId: latest?.id ?? null, result });
  if (!saved.saved) {
    log.info(
      { outcome: 'skipped', reason: 'superseded' },
      'visa wait times: another instance refreshed meanwhile',
    );
    return { outcome: 'skipped', reason: 'superseded' };
  }
  if (result.outcome === 'failed') {
    log.warn(
      { outcome: 'failed', sourceUrl, error: result.error },
      'visa wait times refresh failed; the last good figures stay',
    );
    return { outcome: 'failed', error: result.error };
  }
  const outcome = {
    outcome: 'ok' as const,
    postCount: result.records.length,
    sourceUpdatedOn: result.sourceUpdatedOn,
    changedPosts: saved.changedPosts,
    removedPosts: saved.removedPosts,
    skippedPosts,
  };
  log.info({ ...outcome, sourceUrl }, 'visa wait times refreshed');
  return outcome;
}
