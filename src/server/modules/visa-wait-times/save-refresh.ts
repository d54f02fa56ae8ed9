import { gt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { visaWaitTimeRefreshes, visaWaitTimes } from '../../db/schema.js';
import type { WaitTimeRecord } from './assign-countries.js';

export type RefreshResult =
  | { outcome: 'ok'; sourceUpdatedOn: string | null; records: readonly WaitTimeRecord[] }
  | { outcome: 'failed'; error: string };

export type SaveOutcome =
  { saved: true; changedPosts: number; removedPosts: string[] } | { saved: false };

// Any fixed number works; it only has to be the same for every instance of this app, and differ
// from the migration lock's.
const REFRESH_LOCK_ID = 7_310_2027;

/**
 * Writes one refresh: on 'ok' the new figures (posts no longer listed are removed) and the
 * refresh row, in one transaction, so no reader sees half a refresh; on 'failed' only the row,
 * so the last good figures stay. Instances serialize on an advisory lock, and an instance whose
 * refresh began before another's was recorded (a row newer than `seenRefreshId`) writes nothing:
 * the same page is not applied twice, nor an older answer recorded over a newer one.
 */
export async function saveRefresh(
  db: Database,
  input: { sourceUrl: string; seenRefreshId: number | null; result: RefreshResult },
): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(REFRESH_LOCK_ID))})`);
    const newer = await tx
      .select({ outcome: visaWaitTimeRefreshes.outcome })
      .from(visaWaitTimeRefreshes)
      .where(
        input.seenRefreshId === null
          ? undefined
          : gt(visaWaitTimeRefreshes.id, input.seenRefreshId),
      );
    // A good page is superseded only by another good one: a failure recorded meanwhile (another
    // instance's fetch failed while this one's worked) must not throw good figures away.
    const superseded =
      input.result.outcome === 'ok' ? newer.some((r) => r.outcome === 'ok') : newer.length > 0;
    if (superseded) return { saved: false };

    const { result } = input;
    if (result.outcome === 'failed') {
      await tx.insert(visaWaitTimeRefreshes).values({
        sourceUrl: input.sourceUrl,
        postCount: 0,
        outcome: 'failed',
        error: result.error,
      });
      return { saved: true, changedPosts: 0, removedPosts: [] };
    }

    const changed = await tx
      .insert(visaWaitTimes)
      .values(result.records.map((r) => ({ ...r, updatedAt: sql`now()` })))
      .onConflictDoUpdate({
        target: visaWaitTimes.post,
        set: {
          country: sql`excluded.country`,
          countryCode: sql`excluded.country_code`,
          studentVisaWaitTime: sql`excluded.student_visa_wait_time`,
          updatedAt: sql`now()`,
        },
        // updated_at says when a post's figure last changed, so unchanged rows are left alone.
        setWhere: sql`(${visaWaitTimes.country}, ${visaWaitTimes.countryCode}, ${visaWaitTimes.studentVisaWaitTime})
          is distinct from (excluded.country, excluded.country_code, excluded.student_visa_wait_time)`,
      })
      .returning({ post: visaWaitTimes.post });
    const removed = await tx
      .delete(visaWaitTimes)
      .where(
        notInArray(
          visaWaitTimes.post,
          result.records.map((r) => r.post),
        ),
      )
      .returning({ post: visaWaitTimes.post });
    await tx.insert(visaWaitTimeRefreshes).values({
      sourceUrl: input.sourceUrl,
      sourceUpdatedOn: result.sourceUpdatedOn,
      postCount: result.records.length,
      outcome: 'ok',
    });
    return { saved: true, changedPosts: changed.length, removedPosts: removed.map((r) => r.post) };
  });
}
