import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arrivalsById,
  duplicates,
  queueNotifications,
  sentNotifications,
} from '../../test/queued-notifications.js';
import { localPortsOf } from '../../test/process-sockets.js';
import { listeningUrl } from '../../test/server-process.js';
import { type ServerSite, useServerSite } from '../../test/server-site.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtp-receiver.js';
import { type TestDatabaseKind, testDatabaseKinds } from '../../test/test-databases.js';

const COUNT = 2_000;

const postgres = testDatabaseKinds().find((kind) => kind.name === 'postgres');

/** Two server processes with their workers on, on one database, started side by side. */
async function startTwoWorkers(site: ServerSite, smtpUrl: string) {
  const worker = { NOTIFICATION_WORKER: 'true', SMTP_URL: smtpUrl };
  const servers = [site.spawn(worker), site.spawn(worker)];
  await Promise.all(servers.map((server) => listeningUrl(server, 90_000)));
  return servers;
}

function sharesTheWork(kind: TestDatabaseKind) {
  const siteOf = useServerSite(kind);
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers each notification exactly once', async () => {
    const site = siteOf();
    const setup = await site.start();
    setup.process.kill('SIGTERM');
    expect(await setup.process.exited).toBe(0);
    const ids = await queueNotifications(site.location, COUNT);

    const servers = await startTwoWorkers(site, smtp.url);
    await smtp.waitFor(COUNT, 120_000);
    // Anything sent twice would arrive within the relay's and the workers' next passes.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    // Each instance's share, by the pooled SMTP connections it still holds.
    const shares = servers.map((server) => {
      const ports = localPortsOf(server.pid);
      return smtp.received.filter((mail) => ports.has(mail.fromPort)).length;
    });
    console.info(`two instances: ${shares.join(' and ')} of ${COUNT} e-mails`);
    for (const server of servers) server.kill('SIGTERM');
    expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0]);

    const arrivals = arrivalsById(smtp.received);
    expect(shares.every((share) => share > 0)).toBe(true);
    expect(smtp.count()).toBe(COUNT);
    expect(duplicates(arrivals)).toEqual([]);
    expect(ids.filter((id) => !arrivals.has(id))).toEqual([]);
    expect((await sentNotifications(site.location, ids)).size).toBe(COUNT);
  });
}

// Two instances of the real server (main.ts) on one PostgreSQL database: each relays with SKIP
// LOCKED and works pg-boss's queue, and no notification goes twice (issue 25). PGlite is one
// process's database, so this runs only with TEST_DATABASE_URL.
describe.skipIf(!postgres)('two instances delivering on PostgreSQL', { timeout: 240_000 }, () => {
  if (postgres) sharesTheWork(postgres);
});
