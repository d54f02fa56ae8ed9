import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { MOI_FALLBACK_QUESTIONS } from '../../shared/moi.js';
import type { Database } from './client.js';
import waitTimesSnapshot from './seed-data/visa-wait-times-fmj-2026-07-14.json' with { type: 'json' };
import * as t from './schema.js';

// Any fixed number works; it only has to be the same for every instance of this app, and differ
// from the migration and wait-time refresh locks.
const SEED_LOCK_ID = 7_310_2028;

async function isEmptyTable(db: Database, table: PgTable): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

/**
 * The data every server needs whatever its mode: the State Department's wait-time snapshot (so
 * the list is never empty while the first refresh is pending or failing) and the three English
 * interview questions. Each is written only into its empty table, so a restart adds nothing and
 * later changes (a refresh, an edited question) are kept. Instances starting together serialize
 * on an advisory lock held until the transaction ends, including a caller's enclosing one.
 * Answers what it wrote, for the start-up log.
 */
export async function seedReferenceData(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(SEED_LOCK_ID))})`);
    const seeded: string[] = [];
    if (await isEmptyTable(tx, t.visaWaitTimes)) {
      await tx.insert(t.visaWaitTimes).values(
        waitTimesSnapshot.posts.map((p) => ({
          post: p.post,
          country: p.country,
          countryCode: p.countryCode,
          studentVisaWaitTime: p.studentVisaWaitTime,
        })),
      );
      await tx.insert(t.visaWaitTimeRefreshes).values({
        sourceUrl: waitTimesSnapshot.sourceUrl,
        sourceUpdatedOn: waitTimesSnapshot.checkedAt.slice(0, 10),
        postCount: waitTimesSnapshot.posts.length,
        outcome: 'ok',
        refreshedAt: new Date(waitTimesSnapshot.checkedAt),
      });
      seeded.push('visa wait times');
    }
    if (await isEmptyTable(tx, t.moiQuestions)) {
      // The web's fallback questions are these, under the ids an empty table gives them.
      await tx
        .insert(t.moiQuestions)
        .values(MOI_FALLBACK_QUESTIONS.map(({ text }, i) => ({ position: i + 1, text })));
      seeded.push('MOI questions');
    }
    return seeded;
  });
}
