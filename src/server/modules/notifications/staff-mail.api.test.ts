import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  STAFF_MAIL_ERRORS,
  ZFailedNotificationsResponseSchema,
  ZMailboxMessageSchema,
  ZMailboxResponseSchema,
} from '../../../shared/staff-mail.js';
import { notifications, students } from '../../db/schema.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { dataSnapshot } from '../../test/data-snapshot.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtp-receiver.js';
import { signInAsStaff, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { startTestNotificationQueue } from '../../test/test-notification-queue.js';
import { deliverNotifications, deliveryDepsOf } from './deliver-notification.js';
import { mailSender } from './mail-sender.js';
import { readMailboxMessage } from './mailbox.js';
import type { NotificationQueue } from './notification-queue.js';
import { recordNotifications } from './record-notifications.js';

const priyaOf = async (t: TestApp) => {
  const [row] = await t.app.db
    .select({ id: students.id, email: students.email })
    .from(students)
    .where(and(eq(students.firstName, 'Priya'), eq(students.demo, 'persona')));
  if (!row?.email) throw new Error('Priya is seeded with an e-mail address');
  return { id: row.id, email: row.email };
};

/** Writes one notification to Priya and answers its id. */
const notifyPriya = async (t: TestApp, studentId: string, office: string) => {
  await recordNotifications(t.app.db, [
    { template: 'message.new', to: { studentId }, params: { office } },
  ]);
  const [row] = await t.app.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(sql`${notifications.params} ->> 'office' = ${office}`);
  if (!row) throw new Error(`the notification from ${office} was not written`);
  return row.id;
};

describe.each(testDatabaseKinds())('the mailbox at /staff/mail on $name', (kind) => {
  let t: TestApp;
  let admin: StaffSignedIn;
  let directory: string;

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsStaff(t.app, 'admin');
    const { mail } = t.app.config;
    if (mail.kind !== 'mailbox') throw new Error('the test app writes to its mailbox');
    directory = mail.directory;
  });
  afterAll(() => t.close());

  it('lists what was delivered into it, newest first, and shows each whole', async () => {
    const empty = await get(STAFF_API_PATHS.staffMail);
    expect(empty.json()).toEqual({ mailbox: true, messages: [] });

    const priya = await priyaOf(t);
    const sender = mailSender(t.app.config.mail);
    if (!sender) throw new Error('the test app sends mail');
    const deps = deliveryDepsOf(t.app, sender);
    for (const office of ['First Office', 'Second Office']) {
      const failures = await deliverNotifications(deps, [await notifyPriya(t, priya.id, office)]);
      expect(failures.size).toBe(0);
    }

    const listed = await get(STAFF_API_PATHS.staffMail);
    expect(listed.statusCode).toBe(200);
    const { mailbox, messages } = ZMailboxResponseSchema.parse(listed.json());
    expect(mailbox).toBe(true);
    expect(messages.map((m) => [m.to, m.subject])).toEqual([
      [priya.email, 'New message from Second Office'],
      [priya.email, 'New message from First Office'],
    ]);
    const [newest] = messages;
    const opened = await get(apiPath(STAFF_API_PATHS.staffMailMessage, { id: newest?.id ?? '' }));
    expect(opened.statusCode, opened.body).toBe(200);
    const message = ZMailboxMessageSchema.parse(opened.json());
    expect(message).toMatchObject({ to: priya.email, subject: 'New message from Second Office' });
    expect(message.text).toContain('Hello Priya,');
    expect(message.text).toContain(`${t.app.config.publicOrigin}/messages`);
    expect(message.html).toContain(`href="${t.app.config.publicOrigin}/messages"`);
    // The .eml stays beside it for a mail client.
    expect(existsSync(join(directory, `${newest?.id ?? ''}.eml`))).toBe(true);
  });

  it('answers 404 for an id that names no message', async () => {
    const res = await get(
      apiPath(STAFF_API_PATHS.staffMailMessage, { id: '2026-01-01T00-00-00-000Z-x' }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: STAFF_MAIL_ERRORS.messageNotFound });
  });

  it('refuses an id that reaches outside the mailbox (400), whatever file is there', async () => {
    // A sidecar-shaped file beside the mailbox, in DATA_DIR: what a traversal would read.
    const outside = {
      to: 'x@example.com',
      subject: 'outside-the-mailbox',
      sentAt: new Date().toISOString(),
      text: 'outside',
      html: 'outside',
      notificationId: null,
    };
    writeFileSync(join(dirname(directory), 'secret.json'), JSON.stringify(outside));
    const refused = { message: 'id: is not the id of a message in the mailbox' };
    // The route's own check; then what never reaches it: dot segments the URL resolves (to
    // /api/staff/, no route), a NUL, and an id longer than the router takes.
    const cases: [string, number, unknown][] = [
      ['..%2Fsecret', 400, refused],
      ['..%2F..%2F..%2Fetc%2Fpasswd', 400, refused],
      ['.secret', 400, refused],
      ['secret.json', 400, refused],
      ['a%5C..%5Csecret', 400, refused],
      ['%2e%2e', 404, { message: 'Not found' }],
      ['..', 404, { message: 'Not found' }],
      ['a%00b', 400, { message: expect.stringContaining('NUL') as unknown }],
      ['x'.repeat(101), 414, { message: 'This address is not valid.' }],
    ];
    for (const [id, status, body] of cases) {
      const res = await get(STAFF_API_PATHS.staffMailMessage.replace(':id', id));
      expect(res.statusCode, id).toBe(status);
      expect(res.json(), id).toEqual(body);
      expect(res.body, id).not.toContain('outside-the-mailbox');
    }
    // And the reader itself, should a caller skip the route's validation.
    expect(await readMailboxMessage(directory, '../secret')).toBeNull();
  });
});

describe.each(testDatabaseKinds())('notifications not delivered, sent again, on $name', (kind) => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let queue: NotificationQueue;
  let admin: StaffSignedIn;
  let priya: { id: string; email: string };

  const stateOf = async (id: string) => {
    const [row] = await t.app.db
      .select({ state: notifications.state })
      .from(notifications)
      .where(eq(notifications.id, id));
    return row?.state;
  };
  /** The row's state once it is `state`, or what it is after 15 s. */
  const settledState = async (id: string, state: string) => {
    const deadline = Date.now() + 15_000;
    while ((await stateOf(id)) !== state && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return stateOf(id);
  };
  const retry = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: apiPath(STAFF_API_PATHS.staffNotificationRetry, { id }),
      headers: admin.headers,
    });
  const failedList = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: STAFF_API_PATHS.staffFailedNotifications,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    return ZFailedNotificationsResponseSchema.parse(res.json()).items;
  };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(kind, { SMTP_URL: smtp.url });
    admin = await signInAsStaff(t.app, 'admin');
    priya = await priyaOf(t);
    // No retry: the first refusal fails it.
    queue = await startTestNotificationQueue(t.app, smtp.url, { retryLimit: 0 });
  });
  afterEach(() => {
    smtp.refuse.clear();
  });
  afterAll(async () => {
    await queue.stop();
    await t.close();
    await smtp.close();
  });

  it('says mail goes through SMTP: no mailbox, no messages', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: STAFF_API_PATHS.staffMail,
      headers: admin.headers,
    });
    expect(res.json()).toEqual({ mailbox: false, messages: [] });
    const one = await t.app.inject({
      method: 'GET',
      url: apiPath(STAFF_API_PATHS.staffMailMessage, { id: '2026-01-01T00-00-00-000Z-x' }),
      headers: admin.headers,
    });
    expect(one.statusCode).toBe(404);
  });

  it('lists a refused e-mail as failed; a retry queues it, audited, and it is delivered', async () => {
    smtp.refuse.add(priya.email);
    const id = await notifyPriya(t, priya.id, 'Bounce Office');
    await queue.relay();
    expect(await settledState(id, 'failed')).toBe('failed');
    const [failed] = await failedList();
    expect(failed).toMatchObject({
      id,
      template: 'message.new',
      subject: 'New message from Bounce Office',
      recipient: { kind: 'student', id: priya.id, name: 'Priya Sharma' },
      attempts: 1,
      lastError: expect.stringContaining('no such mailbox here') as unknown,
    });

    smtp.refuse.clear();
    const mark = await auditLogMark(t.app);
    const before = smtp.received.length;
    const res = await retry(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, state: 'queued' });
    expect(await stateOf(id)).toBe('queued');
    expect(await failedList()).toEqual([]);
    expect((await mark()).map((r) => [r.action, r.staffId, r.studentId, r.details])).toEqual([
      [
        'notification.retry',
        admin.staff.id,
        priya.id,
        { notificationId: id, template: 'message.new' },
      ],
    ]);

    expect(await queue.relay()).toBe(1);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail?.to).toEqual([priya.email]);
    expect(mail?.parsed.subject).toBe('New message from Bounce Office');
    // The SMTP server has it before the row is marked: the update follows the server's answer.
    expect(await settledState(id, 'sent')).toBe('sent');
  }, 30_000);

  it('sends again only a failed one: 409 for any other, 404 for an unknown id, changing nothing', async () => {
    const queued = await notifyPriya(t, priya.id, 'Queued Office');
    const before = await dataSnapshot(t.app);
    const res = await retry(queued);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: STAFF_MAIL_ERRORS.notFailed });
    const unknown = await retry('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: STAFF_MAIL_ERRORS.notificationNotFound });
    expect((await retry('not-an-id')).statusCode).toBe(400);
    expect(await dataSnapshot(t.app)).toEqual(before);
  });
});
