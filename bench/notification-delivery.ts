/**
 * Notification e-mail at volume: BENCH_NOTIFICATIONS (10,000) notifications written as changes
 * write them, then relayed and delivered by the job queue to a real SMTP server on loopback
 * (smtp-server, counting only, in a process of its own), with pooled SMTP connections. Prints the rate from the first
 * relay to the last message received, and the process's memory along the way (resident and
 * JavaScript heap, after a full collection every 5 s, the first third of the run against the last), against
 * the budget of 200 e-mails a second on PostgreSQL (issue 25).
 *
 *   npx tsx bench/notification-delivery.ts            # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/notification-delivery.ts
 */
import { loadavg } from 'node:os';
import { memoryUsage } from 'node:process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { and, eq } from 'drizzle-orm';
import { seedDemoData } from '../src/server/db/seed.js';
import { students } from '../src/server/db/schema.js';
import { deliveryDepsOf } from '../src/server/modules/notifications/deliver-notification.js';
import { smtpSender } from '../src/server/modules/notifications/mail-sender.js';
import { startNotificationQueue } from '../src/server/modules/notifications/notification-queue.js';
import {
  type NewNotification,
  recordNotifications,
} from '../src/server/modules/notifications/record-notifications.js';
import { openBenchApp } from './lib/bench-app.js';
import { type BenchRow, printBenchRows, verdict } from './lib/bench-rows.js';
import { MB } from './lib/resident-memory.js';
import { startSmtpCounter } from './lib/smtp-counter.js';

const COUNT = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000);
const WRITE_BATCH = 1_000;
const BUDGET_PER_SECOND = 200;

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/**
 * The process's memory after a full garbage collection: what it keeps, not the garbage it has yet
 * to collect (the heap between collections climbs by about 100 MB over a run and falls back).
 * Each collection stops the process: every 2 s they cost a fifth of the rate, every 5 s little.
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
function liveMemory(): NodeJS.MemoryUsage {
  collectGarbage();
  return memoryUsage();
}

/**
 * Memory over the run: the mean of its first third of samples against its last third (flat when
 * they match: nothing kept per e-mail), and the peak.
 */
function thirds(samples: readonly number[]) {
  const third = Math.max(1, Math.floor(samples.length / 3));
  return {
    first: mean(samples.slice(0, third)),
    last: mean(samples.slice(-third)),
    peak: Math.max(...samples),
  };
}

async function main() {
  const loadBefore = loadavg()[0] ?? 0;
  const smtp = await startSmtpCounter();
  const { app, close } = await openBenchApp('notifications');
  const driver = app.database.driver;
  try {
    await app.database.migrate();
    await seedDemoData(app.db, app.dataKeys);
    const [priya] = await app.db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.firstName, 'Priya'), eq(students.demo, 'persona')));
    if (!priya) throw new Error('the seed has Priya');
    const note: NewNotification = {
      template: 'message.new',
      to: { studentId: priya.id },
      params: { office: 'Graduate Admissions Office' },
    };
    for (let written = 0; written < COUNT; written += WRITE_BATCH) {
      await recordNotifications(app.db, Array(Math.min(WRITE_BATCH, COUNT - written)).fill(note));
    }

    const memory: NodeJS.MemoryUsage[] = [liveMemory()];
    const sampler = setInterval(() => memory.push(liveMemory()), 5_000);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const queue = await startNotificationQueue(
      deliveryDepsOf(app, smtpSender(smtp.url, 'Portal <no-reply@localhost>')),
      { connection: app.database.queueConnection, log: app.log, relayIntervalMs: 100 },
    );
    await smtp.waitFor(COUNT, 15 * 60_000);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    clearInterval(sampler);
    memory.push(liveMemory());
    await queue.stop();

    const rate = COUNT / seconds;
    const rss = thirds(memory.map((sample) => sample.rss));
    const heap = thirds(memory.map((sample) => sample.heapUsed));
    const rows: BenchRow[] = [
      {
        figure: `${COUNT.toLocaleString('en-US')} e-mails delivered to a local SMTP server (${driver})`,
        value: `${Math.round(rate)}/s (${seconds.toFixed(1)} s)`,
        budget: driver === 'postgres' ? `>= ${BUDGET_PER_SECOND}/s` : '',
        result: driver === 'postgres' ? verdict(rate >= BUDGET_PER_SECOND) : '',
      },
      {
        figure: `CPU of the delivering process, per e-mail (${driver})`,
        value: `${((cpuSeconds / COUNT) * 1000).toFixed(2)} ms (${Math.round((cpuSeconds / seconds) * 100)}% of one core)`,
        budget: '',
        result: '',
      },
      {
        figure: `resident memory while delivering (${driver}): first third, last third (mean); peak`,
        value: `${mb(rss.first)}, ${mb(rss.last)}; ${mb(rss.peak)}`,
        budget: 'flat',
        result: '',
      },
      {
        figure: `JavaScript heap kept (after a full collection) while delivering (${driver}): first third, last third (mean); peak`,
        value: `${mb(heap.first)}, ${mb(heap.last)}; ${mb(heap.peak)}`,
        budget: 'flat',
        result: '',
      },
    ];
    console.log(`load average before: ${loadBefore.toFixed(2)}`);
    printBenchRows(rows);
  } finally {
    await close();
    smtp.close();
  }
}

await main();
