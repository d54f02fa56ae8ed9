/**
 * Notification e-mail at volume: BENCH_NOTIFICATIONS (10,000) notifications written as changes
 * write them, then relayed and delivered by the job queue to a real SMTP server on loopback
 * (smtp-server, counting only, in a process of its own), with pooled SMTP connections. Prints the rate from the first
 * relay to the last message received, and the process's resident memory along the way, against
 * the budget of 200 e-mails a second on PostgreSQL (issue 25).
 *
 *   npx tsx bench/notification-delivery.ts            # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/notification-delivery.ts
 */
import { loadavg } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { seedDemoData } from '../src/server/db/seed.js';
import { students } from '../src/server/db/schema.js';
import { smtpSender } from '../src/server/modules/notifications/mail-sender.js';
import { startNotificationQueue } from '../src/server/modules/notifications/notification-queue.js';
import {
  type NewNotification,
  recordNotifications,
} from '../src/server/modules/notifications/record-notifications.js';
import { openBenchApp } from './lib/bench-app.js';
import { type BenchRow, printBenchRows, verdict } from './lib/bench-rows.js';
import { MB, residentBytes } from './lib/resident-memory.js';
import { startSmtpCounter } from './lib/smtp-counter.js';

const COUNT = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000);
const WRITE_BATCH = 1_000;
const BUDGET_PER_SECOND = 200;

async function main() {
  const loadBefore = loadavg()[0] ?? 0;
  const smtp = await startSmtpCounter();
  const { app, config, close } = await openBenchApp('notifications');
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

    const memory: number[] = [residentBytes(process.pid)];
    const sampler = setInterval(() => memory.push(residentBytes(process.pid)), 500);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const queue = await startNotificationQueue(
      {
        db: app.db,
        sender: smtpSender(smtp.url, 'Portal <no-reply@localhost>'),
        keys: app.dataKeys,
        site: { publicOrigin: config.publicOrigin, branding: config.branding },
      },
      { connection: app.database.queueConnection, log: app.log, relayIntervalMs: 100 },
    );
    await smtp.waitFor(COUNT, 15 * 60_000);
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    clearInterval(sampler);
    memory.push(residentBytes(process.pid));
    await queue.stop();

    const rate = COUNT / seconds;
    const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
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
        figure: `resident memory while delivering (${driver}): start, peak, end`,
        value: `${mb(memory[0] ?? 0)}, ${mb(Math.max(...memory))}, ${mb(memory.at(-1) ?? 0)}`,
        budget: '',
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
