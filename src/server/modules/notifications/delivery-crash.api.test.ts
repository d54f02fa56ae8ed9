import { describe, expect, it } from 'vitest';
import { fillOutbox, useDeliverySite } from '../../test/delivery-site.js';
import { arrivalsById, duplicates, sentNotifications } from '../../test/queued-notifications.js';
import type { SmtpReceiver } from '../../test/smtp-receiver.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

const COUNT = 3_000;
/** Killed once this many have arrived: a third of the way. */
const KILL_AFTER = 1_000;

/**
 * The receiver's messages once every one it accepted is parsed, and none came for a moment: what
 * arrived from a server that is gone.
 */
async function quietReceiver(smtp: SmtpReceiver) {
  let seen = -1;
  while (seen !== smtp.count() || smtp.received.length !== smtp.count()) {
    seen = smtp.count();
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return [...smtp.received];
}

/** Resolves once every id arrived (or rejects after `timeoutMs`). */
async function waitForAll(smtp: SmtpReceiver, ids: readonly string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const arrivals = arrivalsById(smtp.received);
    const missing = ids.filter((id) => !arrivals.has(id)).length;
    if (missing === 0) return;
    if (Date.now() > deadline) throw new Error(`${missing} of ${ids.length} never arrived`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// The real server (main.ts) with its notification worker, killed with SIGKILL while it delivers a
// few thousand e-mails to a real SMTP server, then started again on the same data. pg-boss fails
// the killed worker's jobs once their heartbeat stops (notification-queue.ts) and retries them
// after the retry delay, shortened here by NOTIFICATION_RETRY_SECONDS as production could be.
describe.each(testDatabaseKinds())(
  'kill -9 while notifications are delivered, on $name',
  { timeout: 300_000 },
  (kind) => {
    const deliverySiteOf = useDeliverySite(kind);

    it('delivers every notification after the restart; only those in flight at the kill go twice', async () => {
      const { site, smtp, worker: delivering } = deliverySiteOf();
      const ids = await fillOutbox(site, COUNT);
      const worker = { ...delivering, NOTIFICATION_RETRY_SECONDS: '1' };

      const first = await site.start(worker);
      await smtp.waitFor(KILL_AFTER, 120_000);
      first.process.kill('SIGKILL');
      const killedAt = performance.now();
      expect(await first.process.exited).toBeNull();
      const beforeKill = arrivalsById(await quietReceiver(smtp));
      const sentAtKill = await sentNotifications(site.location, ids);
      // Accepted by the mail server, not yet marked sent: a delivery the kill cut short.
      const inFlight = new Set([...beforeKill.keys()].filter((id) => !sentAtKill.has(id)));
      expect(beforeKill.size).toBeLessThan(COUNT);
      expect(duplicates(beforeKill)).toEqual([]);

      const second = await site.start(worker);
      await waitForAll(smtp, ids, 180_000);
      const recoveredS = (performance.now() - killedAt) / 1000;
      await quietReceiver(smtp);
      second.process.kill('SIGTERM');
      expect(await second.process.exited).toBe(0);

      const arrivals = arrivalsById(smtp.received);
      const twice = duplicates(arrivals);
      console.info(
        `${kind.name}: ${beforeKill.size} of ${COUNT} arrived before the kill, ${inFlight.size} of them in flight; ${twice.length} arrived twice; all ${recoveredS.toFixed(0)} s after the kill`,
      );
      expect(ids.filter((id) => !arrivals.has(id))).toEqual([]);
      expect(twice.filter((id) => !inFlight.has(id))).toEqual([]);
      expect([...arrivals.values()].every((times) => times <= 2)).toBe(true);
      expect((await sentNotifications(site.location, ids)).size).toBe(COUNT);
    });
  },
);
