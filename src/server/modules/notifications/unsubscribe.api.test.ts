import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOptOuts, notifications, staff } from '../../db/schema.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { seededStudentId } from '../../test/seeded-students.js';
import { dataSnapshot } from '../../test/data-snapshot.js';
import {
  type ReceivedMail,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../test/smtp-receiver.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { deliverNotifications, deliveryDepsOf } from './deliver-notification.js';
import { smtpSender } from './mail-sender.js';
import type { NewNotification } from './record-notifications.js';
import { unsubscribeToken } from './unsubscribe-link.js';

const ONE_CLICK = {
  'content-type': 'application/x-www-form-urlencoded',
};

describe.each(testDatabaseKinds())('one-click unsubscribe on $name', (kind) => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let priyaId: string;

  /** Writes and delivers one notification; the e-mail it made, if one was sent. */
  const deliver = async (note: NewNotification): Promise<ReceivedMail | undefined> => {
    const [row] = await t.app.db
      .insert(notifications)
      .values({
        channel: 'email',
        category: note.template === 'message.new' ? 'messages' : 'status',
        template: note.template,
        ...note.to,
        params: note.params,
      })
      .returning({ id: notifications.id });
    const before = smtp.count();
    const sender = smtpSender(smtp.url, 'Portal <no-reply@localhost>');
    await deliverNotifications(deliveryDepsOf(t.app, sender), [row?.id ?? '']);
    sender.close();
    return smtp.count() > before ? smtp.received.at(-1) : undefined;
  };
  const newMessageToPriya = (): NewNotification => ({
    template: 'message.new',
    to: { studentId: priyaId },
    params: { office: 'Admissions' },
  });
  /** A page of the link, as a browser or a mail client asks for it (path and query of the URL). */
  const open = (link: string, method: 'GET' | 'POST' = 'GET') => {
    const url = new URL(link);
    return t.app.inject({
      method,
      url: `${url.pathname}${url.search}`,
      ...(method === 'POST' ? { headers: ONE_CLICK, payload: 'List-Unsubscribe=One-Click' } : {}),
    });
  };
  const optOutsOf = (studentId: string) =>
    t.app.db
      .select({ category: notificationOptOuts.category, channel: notificationOptOuts.channel })
      .from(notificationOptOuts)
      .where(eq(notificationOptOuts.studentId, studentId));

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(kind);
    priyaId = await seededStudentId(t.app, 'Priya');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('puts the RFC 8058 headers and a footer link in the e-mail; the link asks first, then turns that category off', async () => {
    const mail = await deliver(newMessageToPriya());
    const headers = mail?.raw.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ') ?? '';
    const header = /^List-Unsubscribe: <(?<link>[^>]+)>$/m.exec(headers);
    const link = header?.groups?.link ?? '';
    expect(link).toMatch(new RegExp(`^${t.app.config.publicOrigin}/unsubscribe\\?token=`));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail?.parsed.text).toContain(
      `Turn off these e-mails (Messages from your school and advisers): ${link}`,
    );
    expect(mail?.parsed.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);

    const asked = await open(link);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-security-policy']).toContain("default-src 'none'");
    expect(asked.body).toContain('Turn off these e-mails?');
    expect(asked.body).toContain(
      'You will no longer get e-mails about: Messages from your school and advisers.',
    );
    expect(asked.body).toContain('<button type="submit">Turn them off</button>');
    expect(await optOutsOf(priyaId)).toEqual([]);

    const done = await open(link, 'POST');
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('E-mails turned off');
    expect(done.body).toContain(
      'To turn them back on, sign in and open Notifications in your profile.',
    );
    expect(await optOutsOf(priyaId)).toEqual([{ category: 'messages', channel: 'email' }]);
    expect(await deliver(newMessageToPriya())).toBeUndefined();
    // Other categories still arrive; a second click changes nothing.
    expect(
      await deliver({ template: 'sevis.paid', to: { studentId: priyaId }, params: {} }),
    ).toBeDefined();
    expect((await open(link, 'POST')).statusCode).toBe(200);
    expect(await optOutsOf(priyaId)).toEqual([{ category: 'messages', channel: 'email' }]);
  });

  it('refuses a tampered, foreign or security link, changing nothing', async () => {
    const key = t.app.dataKeys.linkKey;
    const good = unsubscribeToken(key, { recipient: { studentId: priyaId }, category: 'status' });
    const [, id, , signature] = good.split('.');
    const forged = [
      `s.${id}.reminders.${signature}`,
      `s.${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.status.${signature}`,
      `${good.slice(0, -2)}AA`,
      good.slice(0, -4),
      unsubscribeToken(key, { recipient: { studentId: priyaId }, category: 'security' }),
      unsubscribeToken(Buffer.alloc(32, 7), {
        recipient: { studentId: priyaId },
        category: 'status',
      }),
      '',
    ];
    const before = await dataSnapshot(t.app);
    for (const token of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await open(
          `${t.app.config.publicOrigin}/unsubscribe?token=${encodeURIComponent(token)}`,
          method,
        );
        expect(res.statusCode, token).toBe(400);
        expect(res.body).toContain('This link does not work');
      }
    }
    expect(await dataSnapshot(t.app)).toEqual(before);
  });

  it("turns a staff member's digest off from their link, audited as theirs", async () => {
    const [admin] = await t.app.db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.role, 'admin'), eq(staff.demo, true)));
    const staffId = admin?.id ?? '';
    const token = unsubscribeToken(t.app.dataKeys.linkKey, {
      recipient: { staffId },
      category: 'digest',
    });
    const auditSince = await auditLogMark(t.app);
    const res = await open(`${t.app.config.publicOrigin}/unsubscribe?token=${token}`, 'POST');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('A daily summary of what waits for you');
    expect(res.body).toContain('sign in to the staff console and open Notifications');
    expect(await auditSince()).toMatchObject([
      { action: 'notification.preferences', actor: 'staff', staffId, studentId: null },
    ]);
  });
});
