import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, students } from '../../db/schema.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtp-receiver.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { startTestNotificationQueue } from '../../test/test-notification-queue.js';
import type { NotificationQueue } from './notification-queue.js';

describe.each(testDatabaseKinds())('notifications left enqueued on $name', (kind) => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let queue: NotificationQueue;

  const write = async (studentId: string) => {
    const [row] = await t.app.db
      .insert(notifications)
      .values({
        channel: 'email',
        category: 'messages',
        template: 'message.new',
        studentId,
        params: { office: 'Graduate Admissions Office' },
      })
      .returning({ id: notifications.id });
    return row?.id ?? '';
  };
  const rowOf = async (id: string) => {
    const [row] = await t.app.db
      .select({ state: notifications.state, attempts: notifications.attempts })
      .from(notifications)
      .where(eq(notifications.id, id));
    return row;
  };

  /** The row once `settled` says so, or as it is after 15 s. */
  const rowWhen = async (
    id: string,
    settled: (row: Awaited<ReturnType<typeof rowOf>>) => boolean,
  ) => {
    const deadline = Date.now() + 15_000;
    let row = await rowOf(id);
    while (!settled(row) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await rowOf(id);
    }
    return row;
  };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(kind);
    // A refused e-mail's first retry waits a minute or more: its job stays pending meanwhile.
    queue = await startTestNotificationQueue(t.app, smtp.url, { retryLimit: 2, retryDelay: 60 });
  });
  afterAll(async () => {
    await queue.stop();
    await t.close();
    await smtp.close();
  });

  it('queues again a row whose job is gone, and leaves one whose job waits to retry', async () => {
    const [priya, other] = await t.app.db
      .select({ id: students.id, email: students.email })
      .from(students)
      .where(and(isNotNull(students.email), ne(students.firstName, '')))
      .limit(2);
    if (!priya?.email || !other?.email) throw new Error('the seed has students with addresses');

    smtp.refuse.add(other.email);
    const waiting = await write(other.id);
    expect(await queue.relay()).toBe(1);
    expect(await rowWhen(waiting, (row) => row?.attempts === 1)).toEqual({
      state: 'enqueued',
      attempts: 1,
    });

    // As a restore from a backup of our schema leaves it: enqueued, with no job in pg-boss's.
    const stranded = await write(priya.id);
    await t.app.db
      .update(notifications)
      .set({ state: 'enqueued' })
      .where(eq(notifications.id, stranded));

    expect(await queue.requeue()).toBe(1);
    expect(await rowOf(stranded)).toEqual({ state: 'queued', attempts: 0 });
    expect(await rowOf(waiting)).toEqual({ state: 'enqueued', attempts: 1 });
    expect(await queue.requeue()).toBe(0);

    expect(await queue.relay()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual([priya.email]);
    expect(mail?.parsed.messageId).toBe(`<${stranded}@localhost>`);
    expect(await rowWhen(stranded, (row) => row?.state === 'sent')).toEqual({
      state: 'sent',
      attempts: 1,
    });
    expect(await queue.requeue()).toBe(0);
    expect(await rowOf(waiting)).toEqual({ state: 'enqueued', attempts: 1 });
  });
});
