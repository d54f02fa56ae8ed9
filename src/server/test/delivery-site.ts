import { afterAll, beforeAll, expect } from 'vitest';
import { queueNotifications } from './queued-notifications.js';
import { type ServerSite, useServerSite } from './server-site.js';
import { type SmtpReceiver, startSmtpReceiver } from './smtp-receiver.js';
import type { TestDatabaseKind } from './test-databases.js';

/** A server site and the real SMTP server on loopback its notification workers deliver to. */
export interface DeliverySite {
  site: ServerSite;
  smtp: SmtpReceiver;
  /** The settings that make a server of the site a notification worker delivering to `smtp`. */
  worker: Record<string, string>;
}

/** A delivery site for the tests of one describe block: created before them, removed after them. */
export function useDeliverySite(kind: TestDatabaseKind): () => DeliverySite {
  const siteOf = useServerSite(kind);
  let smtp: SmtpReceiver | undefined;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  return () => {
    if (!smtp) throw new Error('The SMTP receiver was not started');
    return {
      site: siteOf(),
      smtp,
      worker: { NOTIFICATION_WORKER: 'true', SMTP_URL: smtp.url },
    };
  };
}

/**
 * Migrates and seeds the site with a first start, then, with it stopped (PGlite is one process's
 * database), fills the outbox with `count` queued notifications as changes would; answers their ids.
 */
export async function fillOutbox(site: ServerSite, count: number): Promise<string[]> {
  const setup = await site.start();
  setup.process.kill('SIGTERM');
  expect(await setup.process.exited).toBe(0);
  return queueNotifications(site.location, count);
}
