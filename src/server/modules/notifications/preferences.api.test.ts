import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZNotificationPreferencesSchema } from '../../../shared/notifications.js';
import { notifications } from '../../db/schema.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { seededStudentId } from '../../test/seeded-students.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtp-receiver.js';
import { signInAsStaff } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { deliverNotifications, deliveryDepsOf } from './deliver-notification.js';
import { smtpSender } from './mail-sender.js';
import { recordNotifications } from './record-notifications.js';

describe.each(testDatabaseKinds())('notification preferences on $name', (kind) => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let priyaId: string;
  let studentHeaders: Record<string, string>;

  const preferencesOf = (res: { json: () => unknown }) =>
    ZNotificationPreferencesSchema.parse(res.json()).preferences;
  const put = (
    preferences: unknown,
    headers = studentHeaders,
    url: string = API_PATHS.notificationPreferences,
  ) => t.app.inject({ method: 'PUT', url, headers, payload: { preferences } });

  /** Writes a new-message notification to Priya and delivers it: its state after. */
  const notifyPriya = async () => {
    const before = await t.app.db.select({ id: notifications.id }).from(notifications);
    await recordNotifications(t.app.db, [
      { template: 'message.new', to: { studentId: priyaId }, params: { office: 'Admissions' } },
    ]);
    const [row] = (await t.app.db.select({ id: notifications.id }).from(notifications)).filter(
      (r) => !before.some((b) => b.id === r.id),
    );
    if (!row) throw new Error('the notification was written');
    const sender = smtpSender(smtp.url, 'Portal <no-reply@localhost>');
    await deliverNotifications(deliveryDepsOf(t.app, sender), [row.id]);
    sender.close();
    const [after] = await t.app.db
      .select({ state: notifications.state })
      .from(notifications)
      .where(eq(notifications.id, row.id));
    return after?.state;
  };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(kind);
    priyaId = await seededStudentId(t.app, 'Priya');
    const token = await t.app.sessionTokens.issue(priyaId, 'student');
    studentHeaders = { authorization: `Bearer ${token}` };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("lists a student's six switches, all on at first, in the section's order", async () => {
    const res = await t.app.inject({
      url: API_PATHS.notificationPreferences,
      headers: studentHeaders,
    });
    expect(res.statusCode).toBe(200);
    expect(preferencesOf(res).map((p) => `${p.category}/${p.channel}/${p.enabled}`)).toEqual([
      'messages/email/true',
      'messages/push/true',
      'status/email/true',
      'status/push/true',
      'reminders/email/true',
      'reminders/push/true',
    ]);
  });

  it('turns a switch off and on again, leaving the others; a notification of it is not sent meanwhile', async () => {
    const off = await put([{ category: 'messages', channel: 'email', enabled: false }]);
    expect(off.statusCode, off.body).toBe(200);
    expect(preferencesOf(off).filter((p) => !p.enabled)).toEqual([
      { category: 'messages', channel: 'email', enabled: false },
    ]);
    const received = smtp.count();
    expect(await notifyPriya()).toBe('skipped');
    expect(smtp.count()).toBe(received);

    const on = await put([{ category: 'messages', channel: 'email', enabled: true }]);
    expect(preferencesOf(on).every((p) => p.enabled)).toBe(true);
    expect(await notifyPriya()).toBe('sent');
    expect(smtp.count()).toBe(received + 1);
  });

  it('refuses, whole, a switch the student does not have: security notices and staff digests', async () => {
    for (const category of ['security', 'digest']) {
      const res = await put([
        { category: 'status', channel: 'email', enabled: false },
        { category, channel: 'email', enabled: false },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: `${category} by email is not a notification you can turn on or off`,
      });
    }
    const res = await t.app.inject({
      url: API_PATHS.notificationPreferences,
      headers: studentHeaders,
    });
    expect(preferencesOf(res).every((p) => p.enabled)).toBe(true);
    expect((await put([{ category: 'status', channel: 'fax', enabled: false }])).statusCode).toBe(
      400,
    );
  });

  it("keeps a staff member's own switches, audited, apart from every student's", async () => {
    const agent = await signInAsStaff(t.app, 'agent');
    const url = STAFF_API_PATHS.staffNotificationPreferences;
    const first = await t.app.inject({ url, headers: agent.headers });
    expect(preferencesOf(first).map((p) => `${p.category}/${p.channel}`)).toEqual([
      'digest/email',
      'messages/push',
      'status/push',
    ]);
    const auditSince = await auditLogMark(t.app);
    const change = [{ category: 'digest', channel: 'email', enabled: false }];
    const res = await put(change, agent.headers, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(preferencesOf(res)[0]).toEqual({ ...change[0], enabled: false });
    expect(await auditSince()).toMatchObject([
      {
        action: 'notification.preferences',
        actor: 'staff',
        staffId: agent.staff.id,
        studentId: null,
        details: { preferences: change },
      },
    ]);
    expect(
      (await put([{ category: 'reminders', channel: 'email', enabled: false }], agent.headers, url))
        .statusCode,
    ).toBe(400);
    const student = await t.app.inject({
      url: API_PATHS.notificationPreferences,
      headers: studentHeaders,
    });
    expect(preferencesOf(student).every((p) => p.enabled)).toBe(true);
  });
});
