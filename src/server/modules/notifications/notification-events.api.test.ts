import { and, eq, like, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZCreateVerificationSessionResponseSchema } from '../../../shared/identity-verification.js';
import { NOTIFICATION_SWITCHES } from '../../../shared/notifications.js';
import { ZRegistrationOptionsSchema } from '../../../shared/passkeys.js';
import { ZReviewQueueResponseSchema } from '../../../shared/staff-document-requests.js';
import { ZMailboxResponseSchema } from '../../../shared/staff-mail.js';
import { ZStaffNewInviteSchema } from '../../../shared/staff-student-changes.js';
import { ONBOARDING_DEMO_STUDENT } from '../../db/demo-identities.js';
import {
  applications,
  documentRequests,
  documents,
  messages,
  notificationOptOuts,
  notifications,
  passkeyCredentials,
  pushSubscriptions,
  schools,
  staff,
  students,
} from '../../db/schema.js';
import { type FakeVeriff, startFakeVeriff } from '../../test/fake-veriff-server.js';
import { NEW_STUDENT_SEALED, addStudent } from '../../test/new-student.js';
import { onboardingTokenFor } from '../../test/onboarding-token.js';
import { newAuthenticator } from '../../test/passkey-students.js';
import { seededStudentId } from '../../test/seeded-students.js';
import {
  type ReceivedMail,
  type SmtpReceiver,
  startSmtpReceiver,
} from '../../test/smtp-receiver.js';
import { createStaffThroughTeam, enrolWith, tokenOf } from '../../test/staff-accounts.js';
import { type StaffSignedIn, signInAsStaff } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { startTestNotificationQueue } from '../../test/test-notification-queue.js';
import { dueDateToday } from './due-date-reminders.js';
import type { NotificationQueue } from './notification-queue.js';
import { recordScheduledNotifications } from './notification-schedules.js';

/** The seeded students' and the test student's passport numbers and birth dates: never in a message. */
const CANARIES = [
  ONBOARDING_DEMO_STUDENT.passportNumber,
  ONBOARDING_DEMO_STUDENT.dateOfBirth,
  'Z7654321',
  '2001-06-02',
  NEW_STUDENT_SEALED.passportNumber,
  NEW_STUDENT_SEALED.dateOfBirth,
];

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const DAY_MS = 86_400_000;
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe.each(testDatabaseKinds())('the notifications of issue 25 events on $name', (kind) => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let fake: FakeVeriff;
  let queue: NotificationQueue;
  let origin: string;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    fake = await startFakeVeriff();
    t = await startTestApp(kind, {
      VERIFF_API_KEY: fake.apiKey,
      VERIFF_SHARED_SECRET: fake.sharedSecret,
      VERIFF_BASE_URL: fake.baseUrl,
    });
    origin = t.app.config.publicOrigin;
    queue = await startTestNotificationQueue(t.app, smtp.url, { retryLimit: 1, retryDelay: 1 });
  });
  afterAll(async () => {
    await queue.stop();
    await t.close();
    await fake.close();
    await smtp.close();
  });

  /**
   * Hands what the changes wrote to the queue and waits until `address` has `count` messages
   * whose subject `matches`; answers them, each checked for the canaries.
   */
  async function mailTo(address: string, matches: RegExp, count = 1): Promise<ReceivedMail[]> {
    await queue.relay();
    const found = () =>
      smtp.received.filter((m) => m.to.includes(address) && matches.test(m.parsed.subject ?? ''));
    const deadline = Date.now() + 15_000;
    while (found().length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const mails = found();
    expect(mails).toHaveLength(count);
    // The SMTP server has them before their rows are marked: the update follows its answer.
    while ((await inFlight()) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const mail of mails) {
      for (const canary of CANARIES) expect(mail.raw).not.toContain(canary);
    }
    return mails;
  }

  const inFlight = async () =>
    (
      await t.app.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.state, 'enqueued'))
    ).length;

  /** The e-mail of one notification, by its Message-ID, once delivered; checked for the canaries. */
  async function mailOf(notificationId: string): Promise<ReceivedMail> {
    await queue.relay();
    const messageId = `<${notificationId}@localhost>`;
    const deadline = Date.now() + 15_000;
    let mail: ReceivedMail | undefined;
    while (!(mail = smtp.received.find((m) => m.parsed.messageId === messageId))) {
      if (Date.now() > deadline) throw new Error(`notification ${notificationId} was not e-mailed`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const canary of CANARIES) expect(mail.raw).not.toContain(canary);
    return mail;
  }

  const emailOf = async (studentId: string) => {
    const [row] = await t.app.db
      .select({ email: students.email })
      .from(students)
      .where(eq(students.id, studentId));
    if (!row?.email) throw new Error('the student has an e-mail address');
    return row.email;
  };

  const rowsOf = (template: string, who: { studentId: string } | { staffId: string }) =>
    t.app.db
      .select({ params: notifications.params, state: notifications.state })
      .from(notifications)
      .where(
        and(
          eq(notifications.template, template),
          'studentId' in who
            ? eq(notifications.studentId, who.studentId)
            : eq(notifications.staffId, who.staffId),
        ),
      );

  it("e-mails a declined identity check once, with the spec's title and nothing of the provider's reason", async () => {
    const amara = await seededStudentId(t.app, 'Amara');
    const authorization = `Bearer ${await onboardingTokenFor(t.app, amara)}`;
    const opened = await t.app.inject({
      method: 'POST',
      url: API_PATHS.veriffSession,
      headers: { authorization },
      payload: { callback: `${origin}/face-verification`, vendorData: amara },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { sessionId } = ZCreateVerificationSessionResponseSchema.parse(opened.json());
    const declined = {
      sessionId,
      vendorData: amara,
      status: 'declined',
      reasonCode: 204,
      reason: 'Poor image quality of the hologram',
      decisionTime: '2026-07-01T09:05:00.000Z',
      documentNumber: ONBOARDING_DEMO_STUDENT.passportNumber,
    };
    // The webhook brings the decision, then the page's check polls Veriff and finds it again.
    const { payload, headers } = fake.decisionWebhook(declined);
    const hook = await t.app.inject({
      method: 'POST',
      url: API_PATHS.veriffDecisionWebhook,
      headers,
      payload,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    fake.setDecision(sessionId, declined);
    const check = await t.app.inject({
      method: 'POST',
      url: API_PATHS.verifyFace,
      headers: { authorization },
    });
    expect(check.statusCode).toBe(409);

    const [mail] = await mailTo(await emailOf(amara), /identity check/);
    expect(mail?.parsed.subject).toBe('Your identity check: Document Quality Issue');
    expect(mail?.parsed.text).toContain('Hello Amara,');
    expect(mail?.parsed.text).toContain(`See what to do next: ${origin}/face-verification`);
    expect(mail?.parsed.html).toContain(`href="${origin}/face-verification"`);
    expect(mail?.raw).not.toContain('hologram');
    expect(await rowsOf('identity.declined', { studentId: amara })).toHaveLength(1);
  });

  it("tells of a new passkey, named as the student's list names it, without any of its key", async () => {
    const priya = await seededStudentId(t.app, 'Priya');
    const token = await onboardingTokenFor(t.app, priya);
    const begin = await t.app.inject({
      method: 'POST',
      url: API_PATHS.registerBegin,
      headers: { authorization: `Bearer ${token}` },
      payload: { username: priya },
    });
    expect(begin.statusCode, begin.body).toBe(200);
    const credential = newAuthenticator().register(ZRegistrationOptionsSchema.parse(begin.json()));
    const complete = await t.app.inject({
      method: 'POST',
      url: API_PATHS.registerComplete,
      headers: { authorization: `Bearer ${token}`, 'user-agent': ANDROID_CHROME },
      payload: { credential },
    });
    expect(complete.statusCode, complete.body).toBe(200);

    const [mail] = await mailTo(await emailOf(priya), /passkey was added/);
    expect(mail?.parsed.subject).toBe('A passkey was added to your account');
    expect(mail?.parsed.text).toContain(
      'A new passkey was added to your account: Chrome on Android.',
    );
    expect(mail?.parsed.text).toContain(`See your passkeys: ${origin}/profile`);
    expect(mail?.raw).not.toContain(credential.id);
  });

  it('a reissued invite tells of the reset and e-mails the new code, sealed at rest, even with every switch off', async () => {
    const studentId = await addStudent(t.app, 'Priya', { firstName: 'Lena', lastName: 'Okoro' });
    const address = await emailOf(studentId);
    await t.app.db.insert(passkeyCredentials).values({
      id: `lost-device-${studentId}`,
      studentId,
      publicKey: Buffer.from('a public key'),
      name: 'Safari on iPhone',
    });
    await t.app.db
      .insert(notificationOptOuts)
      .values(NOTIFICATION_SWITCHES.student.map((off) => ({ studentId, ...off })));
    const agent = await signInAsStaff(t.app, 'agent');
    const reissued = await t.app.inject({
      method: 'POST',
      url: apiPath(STAFF_API_PATHS.staffStudentInvite, { id: studentId }),
      headers: agent.headers,
    });
    expect(reissued.statusCode, reissued.body).toBe(200);
    const { code } = ZStaffNewInviteSchema.parse(reissued.json());

    // At rest, before it is sent: the code only sealed.
    const queued = await rowsOf('invite', { studentId });
    expect(queued).toHaveLength(2);
    for (const row of queued) {
      expect(Object.keys(row.params)).toContain('sealed.code');
      expect(JSON.stringify(row.params)).not.toContain(code);
      expect(JSON.stringify(row.params)).not.toContain(code.replaceAll('-', ''));
    }

    const [reset] = await mailTo(address, /access to the portal was reset/);
    expect(reset?.parsed.text).toContain('Hello Lena,');
    expect(reset?.parsed.text).toContain(`Set up your account: ${origin}/signup`);
    // The first invite's e-mail (addStudent's) and the new one's.
    const invites = await mailTo(address, /^Your invite to /, 2);
    const newest = invites.find((m) => m.parsed.text?.includes(code));
    expect(newest?.parsed.text).toContain(`Your invite code: ${code}`);
    expect(newest?.parsed.html).toContain(code);
    expect(newest?.parsed.text).toContain(`Start here: ${origin}/signup`);
    const [school] = await t.app.db
      .select({ name: schools.name })
      .from(schools)
      .innerJoin(students, eq(students.schoolId, schools.id))
      .where(eq(students.id, studentId));
    expect(newest?.parsed.subject).toBe(`Your invite to ${school?.name ?? ''}`);

    // Sent: the sealed code is erased from the row.
    for (const row of await rowsOf('invite', { studentId })) {
      expect(row.state).toBe('sent');
      expect(Object.keys(row.params)).not.toContain('sealed.code');
    }
  });

  it('e-mails a new staff account its enrolment link, sealed at rest, then the security notices of its passkey', async () => {
    const admin = await signInAsStaff(t.app, 'admin');
    const email = `new.admin.${kind.name}@consultancy.example`;
    const created = await createStaffThroughTeam(t.app, admin, { name: 'Noor Haddad', email });
    const staffId = created.account.id;
    const [queued] = await rowsOf('staff.enrolment', { staffId });
    expect(JSON.stringify(queued?.params)).not.toContain(tokenOf(created.enrolmentUrl));

    const [link] = await mailTo(email, /register your passkey/);
    expect(link?.parsed.text).toContain('Hello Noor,');
    expect(link?.parsed.text).toContain(`Register your passkey: ${created.enrolmentUrl}`);
    expect(link?.parsed.html).toContain(`href="${created.enrolmentUrl}"`);
    const [sent] = await rowsOf('staff.enrolment', { staffId });
    expect(sent).toEqual({ state: 'sent', params: {} });

    const enrolled = await enrolWith(t.app, newAuthenticator(), tokenOf(created.enrolmentUrl));
    expect(enrolled.res.statusCode, enrolled.res.body).toBe(200);
    await mailTo(email, /^A passkey was added to your staff account$/);

    // A recovery by an administrator, then the account disabled: a notice each.
    const byAdmin = async (path: string, notice: RegExp) => {
      const res = await t.app.inject({
        method: 'POST',
        url: apiPath(path, { id: staffId }),
        headers: admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return mailTo(email, notice);
    };
    await byAdmin(
      STAFF_API_PATHS.staffAccountEnrolmentLink,
      /^The passkeys of your staff account were removed$/,
    );
    const [notice] = await byAdmin(
      STAFF_API_PATHS.staffAccountDisable,
      /^Your staff account was disabled$/,
    );
    expect(notice?.parsed.text).toContain(`Open the console: ${origin}/staff/sign-in`);
  });

  it('reminds of due dates 7 and 2 days before and the day after, once each however many passes run', async () => {
    const priya = await seededStudentId(t.app, 'Priya');
    const [application] = await t.app.db
      .select({ id: applications.id, university: applications.university })
      .from(applications)
      .where(eq(applications.studentId, priya))
      .limit(1);
    if (!application) throw new Error('the seed gives Priya an application');
    const now = new Date();
    const today = dueDateToday(now);
    const request = (
      title: string,
      days: number,
      state: 'requested' | 'rejected' | 'under_review' | 'accepted',
    ) => ({
      applicationId: application.id,
      studentId: priya,
      title,
      dueDate: dayAfter(today, days),
      state,
    });
    const added = await t.app.db
      .insert(documentRequests)
      .values([
        request('Passport copy', 7, 'requested'),
        request('Bank statement', 2, 'rejected'),
        request('Transcript', -1, 'requested'),
        // None of these: not yet, under review, accepted.
        request('Photo', 3, 'requested'),
        request('Sponsor letter', 2, 'under_review'),
        request('Visa form', -1, 'accepted'),
      ])
      .returning({ id: documentRequests.id });
    const keys = added.map(({ id }) => `reminder:${id}:`);
    // Push on in one browser: each reminder is pushed too, under its own once key.
    const [browser] = await t.app.db
      .insert(pushSubscriptions)
      .values({
        studentId: priya,
        endpoint: 'http://127.0.0.1:9/reminders',
        p256dh: 'k',
        auth: 'a',
      })
      .returning({ id: pushSubscriptions.id });

    // Two passes at once (on PostgreSQL from two instances), then a third later.
    const other = kind.name === 'postgres' ? (await t.secondInstance()).db : t.app.db;
    const passes = await Promise.all([
      recordScheduledNotifications(t.app.db, now),
      recordScheduledNotifications(other, now),
    ]);
    const again = await recordScheduledNotifications(t.app.db, new Date(now.getTime() + 60_000));
    expect(again.reminders).toBe(0);
    const written = await t.app.db
      .select({ onceKey: notifications.onceKey })
      .from(notifications)
      .where(and(eq(notifications.template, 'reminder.due'), eq(notifications.studentId, priya)));
    const ours = written
      .map((row) => row.onceKey ?? '')
      .filter((key) => keys.some((prefix) => key.startsWith(prefix)))
      .sort();
    const [passport, bank, transcript] = added;
    const reminded = [
      `reminder:${passport?.id}:7-days`,
      `reminder:${bank?.id}:2-days`,
      `reminder:${transcript?.id}:overdue`,
    ];
    expect(ours).toEqual([...reminded, ...reminded.map((key) => `${key}:push`)].sort());
    // Every reminder of the day was written by one of the two passes, none by both.
    const everyReminder = await t.app.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.template, 'reminder.due'));
    expect(passes[0].reminders + passes[1].reminders).toBe(everyReminder.length);
    // The browser is not a real one: its pushes go, and only the e-mails are delivered below.
    await t.app.db.delete(notifications).where(like(notifications.onceKey, 'reminder:%:push'));
    await t.app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, browser?.id ?? ''));

    const address = await emailOf(priya);
    const dayName = (days: number) =>
      new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(
        new Date(`${dayAfter(today, days)}T00:00:00Z`),
      );
    const [week] = await mailTo(address, /^Reminder: Passport copy/);
    expect(week?.parsed.subject).toBe(`Reminder: Passport copy is due ${dayName(7)}`);
    expect(week?.parsed.text).toContain(`Upload it: ${origin}/application/${application.id}`);
    await mailTo(address, new RegExp(`^Reminder: Bank statement is due ${dayName(2)}$`));
    const [late] = await mailTo(address, /^Overdue: Transcript$/);
    expect(late?.parsed.text).toContain(`by ${dayName(-1)}, and it is still missing`);
    for (const title of ['Photo', 'Sponsor letter', 'Visa form']) {
      expect(smtp.received.some((m) => m.parsed.subject?.includes(title))).toBe(false);
    }
  });

  it('sends each staff member a daily digest of their own scope, none to one who turned it off or has nothing', async () => {
    const roles = {
      admin: await signInAsStaff(t.app, 'admin'),
      agent: await signInAsStaff(t.app, 'agent'),
      school: await signInAsStaff(t.app, 'school'),
    };
    // Later than anything the seed or the other tests wrote: only these two messages are news.
    const now = new Date(Date.now() + 3 * DAY_MS);
    const priya = await seededStudentId(t.app, 'Priya');
    const [inScope] = await t.app.db
      .select({ agencyId: students.agencyId, schoolId: students.schoolId })
      .from(students)
      .where(eq(students.id, priya));
    const [outsider] = await t.app.db
      .select({ id: students.id })
      .from(students)
      .where(
        and(
          ne(students.agencyId, inScope?.agencyId ?? -1),
          ne(students.schoolId, inScope?.schoolId ?? -1),
        ),
      )
      .limit(1);
    if (!outsider) throw new Error('the seed has a student of another agency and school');
    await t.app.db.insert(messages).values(
      [priya, outsider.id].map((studentId) => ({
        studentId,
        direction: 'outbound',
        fromName: 'A student',
        toName: 'Admissions',
        subject: 'A question',
        content: 'When does term start?',
        createdAt: new Date(now.getTime() - 60 * 60_000),
      })),
    );
    // A file waiting for review, of the student no agent or officer here sees.
    await t.app.db.insert(documents).values({
      studentId: outsider.id,
      fileName: 'transcript.pdf',
      fileType: 'application/pdf',
      fileSize: 1000,
      storageKey: `digest-test-${kind.name}`,
      review: 'pending',
    });
    // A school officer of a school with no students: nothing to report.
    const [empty] = await t.app.db
      .insert(schools)
      .values({ name: 'School Without Students' })
      .returning({ id: schools.id });
    const [idle] = await t.app.db
      .insert(staff)
      .values({
        name: 'Idle Officer',
        email: `idle.${kind.name}@school.example`,
        role: 'school',
        schoolId: empty?.id ?? 0,
      })
      .returning({ id: staff.id });
    await t.app.db
      .insert(notificationOptOuts)
      .values({ staffId: roles.school.staff.id, category: 'digest', channel: 'email' });

    await recordScheduledNotifications(t.app.db, now);
    expect((await recordScheduledNotifications(t.app.db, now)).digests).toBe(0);

    const waitingFor = async (who: StaffSignedIn) =>
      ZReviewQueueResponseSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: STAFF_API_PATHS.staffReviews,
            headers: who.headers,
          })
        ).json(),
      ).total;
    const digestOf = async (staffId: string) => {
      const [row] = await t.app.db
        .select({ id: notifications.id, state: notifications.state })
        .from(notifications)
        .where(eq(notifications.onceKey, `digest:${staffId}:${now.toISOString().slice(0, 10)}`));
      return row;
    };
    const expectDigest = async (role: 'admin' | 'agent', wrote: number) => {
      const row = await digestOf(roles[role].staff.id);
      const mail = await mailOf(row?.id ?? '');
      const waiting = await waitingFor(roles[role]);
      expect(mail.parsed.subject).toBe(
        `Your daily summary: ${wrote} ${wrote === 1 ? 'student wrote' : 'students wrote'}, ${waiting} ${waiting === 1 ? 'document waits' : 'documents wait'} for review`,
      );
      expect(mail.parsed.text).toContain(`Hello ${roles[role].staff.name.split(' ')[0] ?? ''},`);
      expect(mail.parsed.text).toContain(`Open the console: ${origin}/staff/inbox`);
      expect(mail.raw).not.toContain('When does term start');
    };
    // The administrator sees both students; the agent only Priya, of their agency.
    await expectDigest('admin', 2);
    await expectDigest('agent', 1);
    // The officer turned the digest off: written, and skipped when it came to be sent.
    const deadline = Date.now() + 15_000;
    while ((await digestOf(roles.school.staff.id))?.state !== 'skipped' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await digestOf(roles.school.staff.id))?.state).toBe('skipped');
    expect(await rowsOf('staff.digest', { staffId: idle?.id ?? '' })).toEqual([]);
    // The account the staff test created and disabled gets none either.
    const disabledOnes = await t.app.db
      .select({ id: notifications.id })
      .from(notifications)
      .innerJoin(staff, eq(staff.id, notifications.staffId))
      .where(
        and(eq(notifications.template, 'staff.digest'), like(staff.email, '%@consultancy.example')),
      );
    expect(disabledOnes).toEqual([]);
  });
});

describe.each(testDatabaseKinds())("the app's own notification worker on $name", (kind) => {
  it('writes the due-date reminders when it starts, and delivers them', async () => {
    const t = await startTestApp(kind, { NOTIFICATION_WORKER: 'true' });
    try {
      const priya = await seededStudentId(t.app, 'Priya');
      const [application] = await t.app.db
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.studentId, priya))
        .limit(1);
      await t.app.db.insert(documentRequests).values({
        applicationId: application?.id ?? 0,
        studentId: priya,
        title: 'Affidavit of support',
        dueDate: dayAfter(dueDateToday(new Date()), 2),
      });
      await t.app.ready();
      const admin = await signInAsStaff(t.app, 'admin');
      const subjects = async () =>
        ZMailboxResponseSchema.parse(
          (
            await t.app.inject({
              method: 'GET',
              url: STAFF_API_PATHS.staffMail,
              headers: admin.headers,
            })
          ).json(),
        ).messages.map((m) => m.subject);
      const deadline = Date.now() + 15_000;
      while (!(await subjects()).some((s) => s.startsWith('Reminder: Affidavit of support'))) {
        if (Date.now() > deadline) throw new Error('no reminder reached the mailbox');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await t.close();
    }
  }, 30_000);
});
