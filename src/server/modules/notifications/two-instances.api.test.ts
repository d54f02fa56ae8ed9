import { describe, expect, it } from 'vitest';
import { type DeliverySite, fillOutbox, useDeliverySite } from '../../test/delivery-site.js';
import { localPortsOf } from '../../test/process-sockets.js';
import { arrivalsById, duplicates, sentNotifications } from '../../test/queued-notifications.js';
import { listeningUrl } from '../../test/server-process.js';
import { type TestDatabaseKind, testDatabaseKinds } from '../../test/test-databases.js';

const COUNT = 2_000;

const postgres = testDatabaseKinds().find((kind) => kind.name === 'postgres');

/** Two server processes with their workers on, on one database, started side by side. */
async function startTwoWorkers({ site, worker }: DeliverySite) {
  const servers = [site.spawn(worker), site.spawn(worker)];
  await Promise.all(servers.map((server) => listeningUrl(server, 90_000)));
  return servers;
}

function sharesTheWork(kind: TestDatabaseKind) {
  const deliverySiteOf = useDeliverySite(kind);

  it('delivers each notification exactly once', async () => {
    const delivery = deliverySiteOf();
    const { site, smtp } = delivery;
    const ids = await fillOutbox(site, COUNT);

    const servers = await startTwoWorkers(delivery);
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
