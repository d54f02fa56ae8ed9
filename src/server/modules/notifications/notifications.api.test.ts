import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { applications, messages, notifications, students } from '../../db/schema.js';
import { multipartBody } from '../../test/multipart-body.js';
import { recordVersionTag } from '../../test/seeded-students.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtp-receiver.js';
import { signInAsStaff } from '../../test/staff-sign-in.js';
import { SMALL_PDF } from '../../test/student-files.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { startTestNotificationQueue } from '../../test/test-notification-queue.js';
import type { NotificationQueue } from './notification-queue.js';
import { recordNotifications } from './record-notifications.js';

/** Priya's passport number and birth date (the seed's): never in a message. */
const CANARIES = ['Z7654321', '2001-06-02', '02/06/2001', 'June 2, 2001'];

describe.each(testDatabaseKinds())('notifications by e-mail on $name', (kind) => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let queue: NotificationQueue;
  let priya: { id: string; email: string };

  /** Hands what the changes wrote to the queue and waits for `count` messages in all. */
  const delivered = async (count: number) => {
    await queue.relay();
    return smtp.waitFor(count);
  };
  const stateOf = async (id: string) => {
    const [row] = await t.app.db
      .select({
        state: notifications.state,
        attempts: notifications.attempts,
        error: notifications.lastError,
      })
      .from(notifications)
      .where(eq(notifications.id, id));
    return row;
  };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(kind);
    const [row] = await t.app.db
      .select({ id: students.id, email: students.email })
      .from(students)
      .where(and(eq(students.firstName, 'Priya'), eq(students.demo, 'persona')));
    if (!row?.email) throw new Error('Priya is seeded with an e-mail address');
    priya = { id: row.id, email: row.email };
    queue = await startTestNotificationQueue(t.app, smtp.url, { retryLimit: 1, retryDelay: 1 });
  });
  afterEach(() => {
    smtp.refuse.clear();
  });
  afterAll(async () => {
    await queue.stop();
    await t.close();
    await smtp.close();
  });

  it("e-mails the student a staff member's reply: both parts, one link, a stable Message-ID, no personal data", async () => {
    const agent = await signInAsStaff(t.app, 'agent');
    const [asked] = await t.app.db
      .select({ id: messages.id, toName: messages.toName })
      .from(messages)
      .where(and(eq(messages.studentId, priya.id), eq(messages.direction, 'outbound')));
    if (!asked) throw new Error('the seed has Priya write to an office');
    const before = smtp.received.length;
    const reply = await t.app.inject({
      method: 'POST',
      url: apiPath(STAFF_API_PATHS.staffStudentMessageReplies, {
        id: priya.id,
        messageId: asked.id,
      }),
      headers: agent.headers,
      payload: { content: 'Yes, one PDF is best.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);

    const [mail] = (await delivered(before + 1)).slice(before);
    const { parsed, raw, to } = mail ?? { parsed: undefined, raw: '', to: [] };
    expect(to).toEqual([priya.email]);
    expect(parsed?.subject).toBe(`${asked.toName} replied to your message`);
    expect(parsed?.text).toContain('Hello Priya,');
    expect(parsed?.text).toContain(`Read the reply: ${t.app.config.publicOrigin}/messages`);
    expect(parsed?.html).toContain(`href="${t.app.config.publicOrigin}/messages"`);
    expect(parsed?.html).toContain(t.app.config.branding.productName);
    const [sent] = await t.app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(eq(notifications.studentId, priya.id), eq(notifications.template, 'message.reply')),
      );
    // The SMTP server has the message a moment before the worker marks its row.
    await vi.waitFor(async () => {
      expect((await stateOf(sent?.id ?? ''))?.state).toBe('sent');
    });
    expect(parsed?.messageId).toBe(`<${sent?.id}@localhost>`);
    // Neither the reply's text nor the student's subject: what happened and where to read it.
    expect(raw).not.toContain('one PDF is best');
    for (const canary of CANARIES) expect(raw).not.toContain(canary);
  });

  it('e-mails the reason a document was sent back, with the link to its application', async () => {
    const before = smtp.received.length;
    const officer = await signInAsStaff(t.app, 'school');
    const [application] = await t.app.db
      .select({ id: messages.applicationId })
      .from(messages)
      .where(and(eq(messages.studentId, priya.id), eq(messages.direction, 'inbound')));
    const applicationId = application?.id ?? 0;
    const created = await t.app.inject({
      method: 'POST',
      url: apiPath(STAFF_API_PATHS.staffApplicationDocumentRequests, { id: applicationId }),
      headers: officer.headers,
      payload: { title: 'Sponsor letter', note: 'Signed by your sponsor.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id: documentRequestId } = created.json<{ id: number }>();
    const { payload, contentType } = await multipartBody(
      { documentRequestId: String(documentRequestId) },
      { bytes: SMALL_PDF, name: 'letter.pdf' },
    );
    const token = await t.app.sessionTokens.issue(priya.id, 'student');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: API_PATHS.documents,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const rejected = await t.app.inject({
      method: 'POST',
      url: apiPath(STAFF_API_PATHS.staffDocumentReview, { id: uploaded.json<{ id: number }>().id }),
      headers: officer.headers,
      payload: { decision: 'reject', reason: 'The signature is missing.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    // Two e-mails: the request's, then the rejection's.
    const mails = (await delivered(before + 2)).slice(before).map((m) => m.parsed);
    const rejection = mails.find((m) => m.subject === 'Please upload your Sponsor letter again');
    expect(rejection?.text).toContain('The reason: The signature is missing.');
    expect(rejection?.text).toContain(`${t.app.config.publicOrigin}/application/${applicationId}`);
    expect(mails.map((m) => m.subject)).toContain('Please upload: Sponsor letter');
  });

  it("e-mails a record change's news: an application's new status, the SEVIS fee paid; a repeat tells nothing", async () => {
    const officer = await signInAsStaff(t.app, 'school');
    const [application] = await t.app.db
      .select({ id: applications.id, university: applications.university })
      .from(applications)
      .where(and(eq(applications.studentId, priya.id), eq(applications.status, 'under_review')));
    if (!application) throw new Error('the seed gives Priya an application under review');
    const change = async (path: string, payload: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: apiPath(path, { id: priya.id }),
        headers: { ...officer.headers, 'if-match': await recordVersionTag(t.app, priya.id) },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const before = smtp.received.length;
    await change(STAFF_API_PATHS.staffStudentAdmission, {
      applications: [{ id: application.id, status: 'accepted' }],
    });
    await change(STAFF_API_PATHS.staffStudentSevis, { paidOn: '2026-07-01' });
    await change(STAFF_API_PATHS.staffStudentSevis, { paidOn: '2026-07-02' });
    const subjects = (await delivered(before + 2)).slice(before).map((m) => m.parsed.subject);
    expect(subjects.sort()).toEqual(
      [
        `Your application to ${application.university}: Accepted`,
        'Your SEVIS fee is marked paid',
      ].sort(),
    );
    // The second date changed the record, not the news: no third e-mail.
    expect(await queue.relay()).toBe(0);
  });

  it('sends nothing for a change that rolled back', async () => {
    const before = await t.app.db.select({ id: notifications.id }).from(notifications);
    await expect(
      t.app.db.transaction(async (tx) => {
        await recordNotifications(tx, [
          { template: 'message.new', to: { studentId: priya.id }, params: { office: 'Nobody' } },
        ]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queue.relay()).toBe(0);
    expect(await t.app.db.select({ id: notifications.id }).from(notifications)).toHaveLength(
      before.length,
    );
  });

  it('retries a refused e-mail, then marks it failed with the reason', async () => {
    smtp.refuse.add(priya.email);
    await recordNotifications(t.app.db, [
      { template: 'message.new', to: { studentId: priya.id }, params: { office: 'Retry Office' } },
    ]);
    const [row] = await t.app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.template, 'message.new'));
    await queue.relay();
    const deadline = Date.now() + 20_000;
    while ((await stateOf(row?.id ?? ''))?.state !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await stateOf(row?.id ?? '')).toMatchObject({
      state: 'failed',
      attempts: 2,
      error: expect.stringContaining('no such mailbox here') as unknown,
    });
  }, 30_000);
});

describe.each(testDatabaseKinds())('the mailbox without SMTP_URL on $name', (kind) => {
  it("delivers with the app's own worker into DATA_DIR/mailbox", async () => {
    const t = await startTestApp(kind, { NOTIFICATION_WORKER: 'true' });
    try {
      const { config } = t.app;
      if (config.mail.kind !== 'mailbox') throw new Error('the test app writes to its mailbox');
      await t.app.ready();
      const [priya] = await t.app.db
        .select({ id: students.id })
        .from(students)
        .where(eq(students.firstName, 'Priya'));
      await recordNotifications(t.app.db, [
        { template: 'message.new', to: { studentId: priya?.id ?? '' }, params: { office: 'Box' } },
      ]);
      const { directory } = config.mail;
      const deadline = Date.now() + 15_000;
      const files = () => {
        try {
          return readdirSync(directory);
        } catch {
          return [];
        }
      };
      while (!files().some((name) => name.endsWith('.eml')) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const file = files().find((name) => name.endsWith('.eml'));
      const parsed = await simpleParser(readFileSync(join(directory, file ?? '')));
      expect(parsed.subject).toBe('New message from Box');
    } finally {
      await t.close();
    }
  }, 30_000);
});
