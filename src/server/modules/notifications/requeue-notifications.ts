import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notifications } from '../../db/schema.js';

/** Where a notification's job lives: pg-boss's schema and the queue's name. */
export interface JobQueueName {
  schema: string;
  queue: string;
}

/**
 * Sets back to `queued` the notifications marked enqueued whose job no longer waits, runs or
 * retries: a restore brought the rows back without pg-boss's schema, or a job ended (its retention
 * passed, or its retries ran out on expiry) without the worker settling its row. The relay then
 * hands them over again. One statement: pg-boss's unfinished jobs of the queue, hashed once,
 * against the enqueued rows. A row is enqueued in the transaction that inserts its job, so an
 * enqueued row whose job this statement cannot see has none.
 */
export async function requeueStranded(db: Database, jobs: JobQueueName): Promise<number> {
  const job = sql`${sql.identifier(jobs.schema)}.job`;
  const requeued = await db
    .update(notifications)
    .set({ state: 'queued' })
    .where(
      and(
        eq(notifications.state, 'enqueued'),
        sql`not exists (
          select 1 from ${job} as pending
          where pending.name = ${jobs.queue}
            and pending.state < 'completed'
            and pending.data ->> 'notificationId' = ${notifications}.id::text)`,
      ),
    )
    .returning({ id: notifications.id });
  return requeued.length;
}
