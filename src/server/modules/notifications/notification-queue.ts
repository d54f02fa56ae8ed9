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
import { requeueStranded } from './requeue-notifications.js';

export const EMAIL_QUEUE = 'notification-email';

/** pg-boss's schema, beside ours; the requeue reads its jobs. */
const BOSS_SCHEMA = 'pgboss';

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
 * A job whose worker died (kill -9, a lost machine) is failed, and retried after the retry delay,
 * once its heartbeat is this old: pg-boss's least. A live worker refreshes it every half of it
 * while a batch runs, which a batch of e-mails (well under a second) seldom lasts. The expiry
 * bounds a live worker whose batch hangs.
 */
const HEARTBEAT_SECONDS = 10;
const EXPIRE_SECONDS = 120;

/** How often each worker instance looks for notifications left enqueued with no job (requeue). */
const REQUEUE_INTERVAL_MS = 5 * 60_000;

/**
 * Jobs per fetch, and fetches in flight per instance: enough e-mails at once to keep every pooled
 * SMTP connection busy (mail-sender.ts) while the database answers the next fetch.
 */
const WORK_BATCH = 25;
const WORKERS = 4;

export interface NotificationQueue {
  /** Hands the queued notifications to the job queue; answers how many. */
  relay(): Promise<number>;
  /** Queues again the notifications left enqueued with no job to deliver them; answers how many. */
  requeue(): Promise<number>;
  stop(): Promise<void>;
}

export interface QueueOptions {
  connection: QueueConnection;
  log: FastifyBaseLogger;
  /**
   * How often the relay looks for queued notifications; 0: only when asked (tests), and the
   * requeue too (which otherwise runs every few minutes).
   */
  relayIntervalMs: number;
  /** How often an idle worker asks the queue for jobs, in seconds (at least 0.5). */
  pollingIntervalSeconds?: number;
  /** Overrides of the retry policy (tests shorten it). */
  retries?: Partial<RetryPolicy>;
}

/**
 * pg-boss on the app's database. Its supervisor, which fails the jobs of dead workers for a retry,
 * passes as often as a first retry waits (at most every minute): looking more often would not
 * send them sooner.
 */
function newBoss(connection: QueueConnection, retryDelay: number): PgBoss {
  const supervise = {
    schema: BOSS_SCHEMA,
    superviseIntervalSeconds: Math.min(60, retryDelay),
    monitorIntervalSeconds: Math.min(60, retryDelay),
  };
  return connection.driver === 'pglite'
    ? new PgBoss({ db: fromPglite(connection.client), backend: 'pglite', ...supervise })
    : new PgBoss({
        connectionString: connection.url,
        max: 4,
        application_name: 'portal-notifications',
        ...supervise,
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

/** Runs `task` every `ms` (never when 0), skipping a turn while one runs; `stop` waits for it. */
function repeat(ms: number, task: () => Promise<unknown>, onError: (error: unknown) => void) {
  let running: Promise<unknown> | undefined;
  const timer =
    ms > 0
      ? setInterval(() => {
          running ??= task()
            .catch(onError)
            .finally(() => {
              running = undefined;
            });
        }, ms)
      : undefined;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/**
 * Starts delivering notifications: pg-boss on the app's own database (its PGlite instance, or a
 * pool of its own to PostgreSQL), one queue of e-mail jobs worked in batches, and the relay.
 */
export async function startNotificationQueue(
  deps: DeliveryDeps,
  options: QueueOptions,
): Promise<NotificationQueue> {
  const retries = { ...EMAIL_RETRIES, ...options.retries };
  const boss = newBoss(options.connection, retries.retryDelay);
  boss.on('error', (error: Error) => {
    options.log.error({ err: error }, 'the notification queue failed');
  });
  await boss.start();
  const policy = {
    ...retries,
    expireInSeconds: EXPIRE_SECONDS,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  };
  await boss.createQueue(EMAIL_QUEUE, policy);
  await boss.updateQueue(EMAIL_QUEUE, policy);

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

  const requeue = async () => {
    const count = await requeueStranded(deps.db, { schema: BOSS_SCHEMA, queue: EMAIL_QUEUE });
    if (count > 0)
      options.log.warn({ count }, 'notifications left enqueued without a job were queued again');
    return count;
  };

  const timed = options.relayIntervalMs > 0;
  const relaying = repeat(timed ? options.relayIntervalMs : 0, relay, (error) => {
    options.log.error({ err: error }, 'the notification relay failed');
  });
  const requeuing = repeat(timed ? REQUEUE_INTERVAL_MS : 0, requeue, (error) => {
    options.log.error({ err: error }, 'the notification requeue failed');
  });

  return {
    relay,
    requeue,
    async stop() {
      await Promise.all([relaying.stop(), requeuing.stop()]);
      await boss.stop({ graceful: true, close: options.connection.driver === 'postgres' });
      deps.sender?.close();
    },
  };
}
