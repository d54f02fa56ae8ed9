import { lt, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/** Deletes the rows of `table` whose `endsAt` has passed; answers how many went. */
export async function deleteExpiredRows(
  db: Database,
  table: PgTable,
  endsAt: AnyPgColumn,
): Promise<number> {
  const removed = await db
    .delete(table)
    .where(lt(endsAt, sql`now()`))
    .returning({ removed: sql`1` });
  return removed.length;
}
