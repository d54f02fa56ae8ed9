import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, type JobResult, PgBoss } from 'pg-boss';
import type { Database, QueueConnection } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import {
  deliverNotifications,
  type DeliveryDeps,
  recordFailedAttempt,
} from './deliver-notification.js';

export const EMAIL_QUEUE = 'notification-email';

/** Retries with exponential backoff: 30 s, 1 min, 2 min, … up to an hour apart, 6 attempts in all. */
export const EMAIL_RETRIES: RetryPolicy = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
};

interface RetryPolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  retryDelayMax: number;
}

/** Notifications handed to the queue per relay pass. */
const RELAY_BATCH = 500;

/**
 * Jobs per fetch, and fetches in flight per instance: enough e-mails at once to keep every pooled
 * SMTP connection busy (mail-sender.ts) while the database answers the next fetch.
 */
const WORK_BATCH = 25;
const WORKERS = 4;

export interface NotificationQueue {
  /** Hands the queued notifications to the job queue; answers how many. */
  relay(): Promise<number>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  connection: QueueConnection;
  log: FastifyBaseLogger;
  /** How often the relay looks for queued notifications; 0: only when asked (tests). */
  relayIntervalMs: number;
  /** How often an idle worker asks the queue for jobs, in seconds (at least 0.5). */
  pollingIntervalSeconds?: number;
  /** Overrides of the retry policy (tests shorten it). */
  retries?: Partial<RetryPolicy>;
}

function newBoss(connection: QueueConnection): PgBoss {
  return connection.driver === 'pglite'
    ? new PgBoss({ db: fromPglite(connection.client), backend: 'pglite' })
    : new PgBoss({
        connectionString: connection.url,
        max: 4,
        application_name: 'portal-notifications',
      });
}

/**
 * The outbox's relay, in its transaction: the notifications changes wrote, oldest first, locked
 * (SKIP LOCKED: several instances relay side by side, each its own rows). The caller makes them
 * jobs and marks them enqueued in the same transaction, so none is lost or handed over twice.
 */
async function lockQueued(tx: Database): Promise<string[]> {
  const queued = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.state, 'queued'))
    .orderBy(asc(notifications.createdAt))
    .limit(RELAY_BATCH)
    .for('update', { skipLocked: true });
  return queued.map((row) => row.id);
}

/**
 * Starts delivering notifications: pg-boss on the app's own database (its PGlite instance, or a
 * pool of its own to PostgreSQL), one queue of e-mail jobs worked in batches, and the relay.
 */
export async function startNotificationQueue(
  deps: DeliveryDeps,
  options: QueueOptions,
): Promise<NotificationQueue> {
  const boss = newBoss(options.connection);
  boss.on('error', (error: Error) => {
    options.log.error({ err: error }, 'the notification queue failed');
  });
  await boss.start();
  const retries = { ...EMAIL_RETRIES, ...options.retries };
  await boss.createQueue(EMAIL_QUEUE, { ...retries, expireInSeconds: 120 });
  await boss.updateQueue(EMAIL_QUEUE, retries);

  const work = {
    batchSize: WORK_BATCH,
    localConcurrency: WORKERS,
    perJobResults: true as const,
    includeMetadata: true as const,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
    burstWhenBatchFull: true,
  };
  await boss.work<{ notificationId: string }, unknown, typeof work>(
    EMAIL_QUEUE,
    work,
    async (jobs) => {
      const failures = await deliverNotifications(
        deps,
        jobs.map((job) => job.data.notificationId),
      );
      return Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          const id = job.data.notificationId;
          if (!failures.has(id)) return { id: job.id, status: 'completed' };
          const error = failures.get(id);
          const last = job.retryCount >= job.retryLimit;
          await recordFailedAttempt(deps.db, id, error, last);
          options.log.warn({ err: error, notificationId: id, last }, 'a notification was not sent');
          return { id: job.id, status: 'failed' };
        }),
      );
    },
  );

  const relay = async () =>
    deps.db.transaction(async (tx) => {
      const ids = await lockQueued(tx);
      if (ids.length === 0) return 0;
      await boss.insert(
        EMAIL_QUEUE,
        ids.map((id) => ({ data: { notificationId: id } })),
        // drizzle types its raw results per driver; both drivers answer the `rows` pg-boss reads.
        { db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) },
      );
      await tx
        .update(notifications)
        .set({ state: 'enqueued' })
        .where(inArray(notifications.id, ids));
      return ids.length;
    });

  let relaying: Promise<unknown> = Promise.resolve();
  const timer =
    options.relayIntervalMs > 0
      ? setInterval(() => {
          relaying = relay().catch((error: unknown) => {
            options.log.error({ err: error }, 'the notification relay failed');
          });
        }, options.relayIntervalMs)
      : undefined;
  timer?.unref();

  return {
    relay,
    async stop() {
      if (timer) clearInterval(timer);
      await relaying;
      await boss.stop({ graceful: true, close: options.connection.driver === 'postgres' });
      deps.sender?.close();
    },
  };
}
