import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deliveryDepsOf } from './deliver-notification.js';
import { mailSender } from './mail-sender.js';
import { type NotificationQueue, startNotificationQueue } from './notification-queue.js';
import {
  type NotificationSchedules,
  startNotificationSchedules,
} from './notification-schedules.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The running delivery of notifications; null where this instance delivers none. */
    notificationQueue: NotificationQueue | null;
  }
}

/** How often the relay hands what changes wrote to the job queue. */
const RELAY_INTERVAL_MS = 1_000;

/**
 * Delivers the notifications the app's changes write (the outbox), once the app is ready (after
 * the migrations), and stops with it. Nothing starts where this instance is not a notification
 * worker; the notifications then wait, queued, for an instance that is. Where e-mail is off, web
 * push is still delivered and e-mails are skipped.
 */
export const notificationDelivery = fp(
  async (app: FastifyInstance) => {
    app.decorate('notificationQueue', null);
    const { config } = app;
    if (!config.notificationWorker) return;
    let schedules: NotificationSchedules | undefined;
    app.addHook('onReady', async () => {
      app.notificationQueue = await startNotificationQueue(
        deliveryDepsOf(app, mailSender(config.mail)),
        {
          connection: app.database.queueConnection,
          log: app.log,
          relayIntervalMs: RELAY_INTERVAL_MS,
          retries: { retryDelay: config.notificationRetrySeconds },
        },
      );
      // Reminders and digests are written where they are delivered: by notification workers.
      schedules = startNotificationSchedules(app.db, app.log);
    });
    // Before the database closes: a delivery in flight finishes first.
    app.addHook('preClose', async () => {
      await schedules?.stop();
      await app.notificationQueue?.stop();
    });
  },
  { name: 'notification-delivery' },
);
