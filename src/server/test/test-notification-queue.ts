import type { FastifyInstance } from 'fastify';
import { smtpSender } from '../modules/notifications/mail-sender.js';
import {
  type NotificationQueue,
  type QueueOptions,
  startNotificationQueue,
} from '../modules/notifications/notification-queue.js';

/**
 * The notification queue on a test app's database, sending to the SMTP server at `smtpUrl` (a
 * test's receiver): relayed only when the test calls `relay()`, polled twice a second, with the
 * test's retry policy. The app's own worker is off under test, so this is the only one.
 */
export function startTestNotificationQueue(
  app: FastifyInstance,
  smtpUrl: string,
  retries: QueueOptions['retries'],
): Promise<NotificationQueue> {
  return startNotificationQueue(
    {
      db: app.db,
      sender: smtpSender(smtpUrl, 'Portal <no-reply@localhost>'),
      keys: app.dataKeys,
      site: { publicOrigin: app.config.publicOrigin, branding: app.config.branding },
    },
    {
      connection: app.database.queueConnection,
      log: app.log,
      relayIntervalMs: 0,
      pollingIntervalSeconds: 0.5,
      retries,
    },
  );
}
