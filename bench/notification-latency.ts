/**
 * What a notification adds to the request that causes it (issue 25: under 2 ms of its median).
 * One route, one student, the same writes, with and without the outbox's INSERT: a staff member
 * marks the student's SEVIS fee paid (unpaid before: the change notifies), then moves the date it
 * was paid on (paid before: the record changes, the news does not, no notification), then marks it
 * unpaid again (not timed). Both timed requests update the same columns of the same row, refresh
 * the student's stages and write an audit row in one transaction; the first also writes its
 * notification. BENCH_ROUNDS rounds (400) after a warm-up, requests in process (app.inject: no
 * network), first with no worker, then with the app's queue relaying every second and delivering
 * to an SMTP server on loopback meanwhile, as a deployment runs.
 *
 *   npx tsx bench/notification-latency.ts            # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/notification-latency.ts
 */
import { loadavg } from 'node:os';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seedDemoData } from '../src/server/db/seed.js';
import { notifications, students } from '../src/server/db/schema.js';
import { deliveryDepsOf } from '../src/server/modules/notifications/deliver-notification.js';
import { smtpSender } from '../src/server/modules/notifications/mail-sender.js';
import { startNotificationQueue } from '../src/server/modules/notifications/notification-queue.js';
import { apiPath } from '../src/shared/api-paths.js';
import { STAFF_API_PATHS } from '../src/shared/staff-api-paths.js';
import { versionTag, ZStaffRecordVersionSchema } from '../src/shared/staff-student-changes.js';
import { openBenchApp } from './lib/bench-app.js';
import { type BenchRow, printBenchRows, verdict } from './lib/bench-rows.js';
import { median } from './lib/median.js';
import { startSmtpCounter } from './lib/smtp-counter.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const WARM_UP = 50;
const BUDGET_MS = 2;

/** The console's session of the demo administrator: its cookie and the portal's Origin. */
async function staffHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const origin = app.config.publicOrigin;
  const res = await app.inject({
    method: 'POST',
    url: STAFF_API_PATHS.staffDemoLogin,
    headers: { origin },
    payload: { role: 'admin' },
  });
  const cookie = res.cookies.find((c) => c.name === app.staffCookie.name);
  if (!cookie) throw new Error(`staff demo login answered ${res.statusCode}`);
  return { cookie: `${cookie.name}=${cookie.value}`, origin };
}

/** Sets the SEVIS fee of one student, as the console does, carrying the record's version. */
function sevisChanger(
  app: FastifyInstance,
  student: { id: string; version: number },
  headers: Record<string, string>,
) {
  let { version } = student;
  return async (paidOn: string | null): Promise<Timing> => {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const res = await app.inject({
      method: 'PUT',
      url: apiPath(STAFF_API_PATHS.staffStudentSevis, { id: student.id }),
      headers: { ...headers, 'if-match': versionTag(version) },
      payload: { paidOn },
    });
    const wall = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    if (res.statusCode !== 200)
      throw new Error(`the change answered ${res.statusCode}: ${res.body}`);
    version = ZStaffRecordVersionSchema.parse(res.json()).version;
    return { wall, cpu: (cpu.user + cpu.system) / 1000 };
  };
}

/** A request's milliseconds: on the clock, and of this process's CPU (PGlite's work included). */
interface Timing {
  wall: number;
  cpu: number;
}

type Kind = 'notifying' | 'silent' | 'dated';
type Medians = Record<Kind, number>;

/**
 * Medians of the notifying change (marked paid), the same change that notifies nobody (marked
 * unpaid) and the date moved, on the clock and in CPU time.
 */
async function measure(change: (paidOn: string | null) => Promise<Timing>, rounds: number) {
  const samples: Record<Kind, Timing[]> = { notifying: [], silent: [], dated: [] };
  for (let round = 0; round < WARM_UP + rounds; round += 1) {
    const paid = await change('2026-07-01');
    const moved = await change('2026-07-02');
    const unpaid = await change(null);
    if (round < WARM_UP) continue;
    samples.notifying.push(paid);
    samples.dated.push(moved);
    samples.silent.push(unpaid);
  }
  const medians = (of: keyof Timing): Medians => ({
    notifying: median(samples.notifying.map((t) => t[of])),
    silent: median(samples.silent.map((t) => t[of])),
    dated: median(samples.dated.map((t) => t[of])),
  });
  // Each round's two requests follow each other: their difference leaves out the load's drift.
  const added = (of: keyof Timing) =>
    median(samples.notifying.map((t, round) => t[of] - (samples.silent[round]?.[of] ?? 0)));
  return {
    wall: medians('wall'),
    added: { wall: added('wall'), cpu: added('cpu') },
  };
}

async function main() {
  const loadBefore = loadavg()[0] ?? 0;
  const smtp = await startSmtpCounter();
  const { app, close } = await openBenchApp('notification-latency');
  const driver = app.database.driver;
  try {
    await app.database.migrate();
    await seedDemoData(app.db, app.dataKeys);
    await app.ready();
    const [priya] = await app.db
      .select({ id: students.id, version: students.recordVersion })
      .from(students)
      .where(and(eq(students.firstName, 'Priya'), eq(students.demo, 'persona')));
    if (!priya) throw new Error('the seed has Priya');
    const change = sevisChanger(app, priya, await staffHeaders(app));

    const idle = await measure(change, ROUNDS);
    const queue = await startNotificationQueue(
      deliveryDepsOf(app, smtpSender(smtp.url, 'Portal <no-reply@localhost>')),
      { connection: app.database.queueConnection, log: app.log, relayIntervalMs: 1_000 },
    );
    const delivering = await measure(change, ROUNDS);
    await queue.stop();
    const [sent] = await app.db
      .select({ count: count() })
      .from(notifications)
      .where(eq(notifications.state, 'sent'));

    const ms = (value: number) => `${value.toFixed(2)} ms`;
    const rows = (what: string, figures: Awaited<ReturnType<typeof measure>>): BenchRow[] => {
      const { added } = figures;
      const { notifying, silent, dated } = figures.wall;
      return [
        {
          figure: `staff SEVIS change, median: marked paid (notifies) / marked unpaid / date moved (${driver}, ${what})`,
          value: `${ms(notifying)} / ${ms(silent)} / ${ms(dated)}`,
          budget: '',
          result: '',
        },
        {
          figure: `added by the notification, median of each round's paid minus unpaid (${driver}, ${what})`,
          value: ms(added.wall),
          budget: `< ${BUDGET_MS} ms`,
          result: verdict(added.wall < BUDGET_MS),
        },
        {
          figure: `the same in CPU time of this process, PGlite's work included (${driver}, ${what})`,
          value: ms(added.cpu),
          budget: '',
          result: '',
        },
      ];
    };
    console.log(`load average before: ${loadBefore.toFixed(2)}; ${ROUNDS} rounds`);
    printBenchRows([
      ...rows('no worker', idle),
      ...rows(`worker delivering, ${sent?.count ?? 0} e-mails sent meanwhile`, delivering),
    ]);
  } finally {
    await close();
    smtp.close();
  }
}

await main();
