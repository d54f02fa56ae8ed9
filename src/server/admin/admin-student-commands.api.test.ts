import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { ZMessageListResponseSchema } from '../../shared/messages.js';
import { dateOfBirthToUtcTimestamp } from '../../shared/onboarding.js';
import { WAITLIST_FEATURE } from '../../shared/waitlist.js';
import { DEMO_LOGIN_EMAIL, DEMO_PERSONA_EMAILS } from '../db/demo-identities.js';
import { invites, messages, moiQuestions, moiSessions, moiVideos, students } from '../db/schema.js';
import { newStorageKey } from '../storage/file-storage.js';
import { auditLogMark } from '../test/audit-log-mark.js';
import { databaseDigest, runAdminCommand } from '../test/run-admin-command.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';
import { signIn } from '../test/sign-in.js';

const CODE = /[2-9A-HJ-NP-Z]{4}(?:-[2-9A-HJ-NP-Z]{4}){6}/;
const FARIDA = DEMO_PERSONA_EMAILS['interview-due'];

describe.each(testDatabaseKinds())('admin student commands on $name', (kind) => {
  let t: TestApp;
  let dir: string;
  const admin = (...argv: string[]) => runAdminCommand(t.app, argv);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  /** A demo visitor's session and the e-mail of its student (a copy of the persona), for admin. */
  const demoLogin = async () => {
    const { token, user } = await signIn(t.app);
    return { token, email: user.email ?? '', id: user.id };
  };
  /** An audit row of the command line (no staff member, no address). */
  const byCommandLine = (
    action: string,
    studentId: string | undefined,
    details: Record<string, unknown>,
  ) => ({ actor: 'command-line', staffId: null, address: null, action, studentId, details });
  const applicantData = async (token: string) =>
    (
      await t.app.inject({ method: 'POST', url: API_PATHS.applicantData, headers: bearer(token) })
    ).json<{ application: Record<string, unknown> }>().application;
  const messagesOf = async (token: string) =>
    ZMessageListResponseSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: API_PATHS.messages, headers: bearer(token) })
      ).json(),
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    dir = mkdtempSync(join(tmpdir(), 'admin-commands-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("moves a student's record along, and the dashboard shows it", async () => {
    const { token, email, id } = await demoLogin();
    const apps = (
      await t.app.inject({ method: 'GET', url: API_PATHS.applications, headers: bearer(token) })
    ).json<{ id: number; status: string }[]>();
    const underReview = apps.find((a) => a.status === 'under_review');
    const written = await auditLogMark(t.app);
    const run = await admin(
      'update-student',
      email.toUpperCase(),
      '--admission-status',
      'Admitted',
      '--i20-issued',
      '2026-07-01',
      '--i20-document',
      'lakeshore-state.example.edu/i20/priya.pdf',
      '--sevis-paid',
      '2026-07-05',
      '--moi-status',
      'pending',
      '--application',
      `${underReview?.id ?? 0}=accepted`,
    );
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toContain('Updated Priya Sharma');
    expect(await applicantData(token)).toMatchObject({
      'Admission Status': 'Admitted',
      'I20 issued': 'Yes',
      'i20 document': 'https://lakeshore-state.example.edu/i20/priya.pdf',
      'sevis paid': 'Yes',
      'MOI Status': 'Pending',
    });
    const after = (
      await t.app.inject({ method: 'GET', url: API_PATHS.applications, headers: bearer(token) })
    ).json<{ id: number; status: string }[]>();
    expect(after.find((a) => a.id === underReview?.id)?.status).toBe('accepted');

    const cleared = await admin('update-student', email, '--clear-i20', '--clear-sevis');
    expect(cleared.code).toBe(0);
    expect(await applicantData(token)).toMatchObject({ 'I20 issued': 'No', 'i20 document': null });

    // Each run is one audit row in its transaction: every value as it was and as it became.
    const i20Document = 'lakeshore-state.example.edu/i20/priya.pdf';
    expect(await written()).toEqual([
      byCommandLine('student.update', id, {
        version: expect.any(Number) as unknown,
        applications: [{ id: underReview?.id, from: 'under_review', to: 'accepted' }],
        changes: {
          admissionStatus: { from: 'Admitted', to: 'Admitted' },
          i20Issued: { from: false, to: true },
          i20IssuedOn: { from: null, to: '2026-07-01' },
          i20DocumentUrl: { from: null, to: i20Document },
          sevisPaid: { from: false, to: true },
          sevisPaidOn: { from: null, to: '2026-07-05' },
          moiStatus: { from: 'Incomplete', to: 'Pending' },
        },
      }),
      byCommandLine('student.update', id, {
        version: expect.any(Number) as unknown,
        changes: {
          i20Issued: { from: true, to: false },
          i20IssuedOn: { from: '2026-07-01', to: null },
          i20DocumentUrl: { from: i20Document, to: null },
          sevisPaid: { from: true, to: false },
          sevisPaidOn: { from: '2026-07-05', to: null },
        },
      }),
    ]);
  });

  it('refuses bad updates with a clear message and changes nothing', async () => {
    const before = await databaseDigest(t.app);
    const cases: [string[], number, string][] = [
      [
        ['update-student', DEMO_LOGIN_EMAIL, '--i20-issued', '2026-07-01'],
        2,
        '--i20-issued <date> and --i20-document <link> go together',
      ],
      [
        ['update-student', DEMO_LOGIN_EMAIL, '--sevis-paid', '2026-02-30'],
        2,
        '--sevis-paid must be a date like 2026-07-01',
      ],
      [
        ['update-student', DEMO_LOGIN_EMAIL, '--moi-status', 'Done'],
        2,
        '--moi-status must be one of Submitted, Pending, Incomplete',
      ],
      [['update-student', DEMO_LOGIN_EMAIL], 2, 'nothing to change'],
      [
        ['update-student', DEMO_LOGIN_EMAIL, '--admision-status', 'x'],
        2,
        "Unknown option '--admision-status'",
      ],
      [
        ['update-student', 'nobody@example.com', '--major', 'Art'],
        1,
        'No student has the e-mail "nobody@example.com".',
      ],
      // Another student's application: the status and the admission status are both refused.
      [
        ['update-student', FARIDA, '--admission-status', 'Denied', '--application', '1=accepted'],
        1,
        'has no application 1.',
      ],
      [
        ['update-student', FARIDA, '--moi-review', 'passed'],
        1,
        'has no submitted MOI interview to review.',
      ],
      [
        ['update-student', DEMO_LOGIN_EMAIL, '--acceptance-letter', 'javascript:alert(1)'],
        2,
        'must be a web address',
      ],
    ];
    for (const [argv, code, message] of cases) {
      const run = await admin(...argv);
      expect({ argv, code: run.code }).toEqual({ argv, code });
      expect(run.err).toContain(message);
    }
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("lists students' unread messages per office and posts the office's reply", async () => {
    const { token, email, id } = await demoLogin();
    // The seed's message to the graduate office, in the persona and in each visitor's copy of it.
    const seededUnread = (
      await t.app.db
        .select({ n: count() })
        .from(messages)
        .where(
          and(eq(messages.toName, 'Graduate Admissions Office'), isNull(messages.officeReadAt)),
        )
    )[0]?.n;
    expect(seededUnread).toBeGreaterThan(1);
    const sent = await t.app.inject({
      method: 'POST',
      url: API_PATHS.messages,
      headers: bearer(token),
      payload: {
        to: 'Financial Aid Office',
        subject: 'Scholarship deadline',
        content: 'When is the deadline?',
      },
    });
    expect(sent.statusCode).toBe(201);
    const messageId = sent.json<{ id: number }>().id;

    const unread = await admin('unread-messages');
    expect(unread.code).toBe(0);
    expect(unread.out).toContain('Financial Aid Office: 1 unread');
    expect(unread.out).toContain(`#${messageId}`);
    expect(unread.out).toContain('Scholarship deadline');
    // The seeded student message is unread by its office too.
    expect(unread.out).toContain(`Graduate Admissions Office: ${seededUnread} unread`);
    const oneOffice = await admin('unread-messages', '--office', 'Financial Aid Office');
    expect(oneOffice.out).not.toContain('Graduate Admissions Office');

    const before = await databaseDigest(t.app);
    const foreign = await admin(
      'post-reply',
      FARIDA,
      '--in-reply-to',
      String(messageId),
      '--content',
      'x',
    );
    expect(foreign.code).toBe(1);
    expect(foreign.err).toContain(`sent no message ${messageId}`);
    expect((await admin('post-reply', email, '--content', 'x')).code).toBe(2);
    expect(
      (await admin('post-reply', email, '--in-reply-to', String(messageId), '--content', ' ')).code,
    ).toBe(2);
    expect(await databaseDigest(t.app)).toEqual(before);

    const replyFile = join(dir, 'reply.txt');
    writeFileSync(replyFile, 'The deadline is 1 August.\n');
    const written = await auditLogMark(t.app);
    const reply = await admin(
      'post-reply',
      email,
      '--in-reply-to',
      String(messageId),
      '--content-file',
      replyFile,
    );
    expect(reply.code).toBe(0);
    const inbox = await messagesOf(token);
    expect(inbox.find((m) => m.subject === 'Re: Scholarship deadline')).toMatchObject({
      direction: 'inbound',
      from: 'Financial Aid Office',
      to: 'Priya Sharma',
      content: 'The deadline is 1 August.',
      isRead: false,
    });
    expect((await admin('unread-messages', '--office', 'Financial Aid Office')).out).toBe(
      'No unread messages for Financial Aid Office.',
    );

    const general = await admin(
      'post-reply',
      email,
      '--from',
      'Lakeshore State University Admissions',
      '--subject',
      'Welcome week',
      '--content',
      'Orientation starts 20 August.',
    );
    expect(general.code).toBe(0);
    expect((await messagesOf(token)).some((m) => m.subject === 'Welcome week' && !m.isRead)).toBe(
      true,
    );
    const inboxNow = await messagesOf(token);
    const posted = (subject: string) => inboxNow.find((m) => m.subject === subject)?.id;
    // Not the subject or the text: what a student wrote may say anything, their health included.
    expect(await written()).toEqual([
      byCommandLine('message.reply', id, {
        messageId: posted('Re: Scholarship deadline'),
        inReplyTo: messageId,
        from: 'Financial Aid Office',
        applicationId: null,
      }),
      byCommandLine('message.reply', id, {
        messageId: posted('Welcome week'),
        inReplyTo: null,
        from: 'Lakeshore State University Admissions',
        applicationId: null,
      }),
    ]);

    const unreadRows = await t.app.db
      .select({ id: messages.id, studentId: messages.studentId })
      .from(messages)
      .where(and(eq(messages.direction, 'outbound'), isNull(messages.officeReadAt)));
    const markedNow = await auditLogMark(t.app);
    const marked = await admin('unread-messages', '--mark-read');
    expect(marked.out).toContain(`Marked ${seededUnread} messages read.`);
    expect((await admin('unread-messages')).out).toBe('No unread messages.');
    // One row per student whose messages were marked, naming them.
    const rows = await markedNow();
    expect(rows.map((r) => r.action)).toEqual(rows.map(() => 'messages.mark-read'));
    expect(
      rows
        .map((r) => ({ studentId: r.studentId, details: r.details }))
        .sort((a, b) => (a.studentId ?? '').localeCompare(b.studentId ?? '')),
    ).toEqual(
      [...new Set(unreadRows.map((m) => m.studentId))].sort().map((studentId) => ({
        studentId,
        details: {
          messageIds: unreadRows
            .filter((m) => m.studentId === studentId)
            .map((m) => m.id)
            .sort((a, b) => a - b),
        },
      })),
    );
  });

  it('prints what students wrote escaped, each message marked from its heading to its end', async () => {
    const login = await signIn(t.app);
    const forged = '  #99  2026-01-01 00:00 UTC  Eve Forged <eve@example.com>';
    const content = [
      'First line',
      forged,
      '  (end of #1)',
      'colour \u001b[31mred\u001b[0m, title \u001b]0;pwned\u0007, clear \u001b[2J\u001b[H',
      'link \u001b]8;;https://evil.example\u001b\\here\u001b]8;;\u001b\\ overwritten\rFAKE \u009b2J',
    ].join('\n');
    const sent = await t.app.inject({
      method: 'POST',
      url: API_PATHS.messages,
      headers: bearer(login.token),
      payload: { to: "Registrar's Office", subject: 'Transcript', content },
    });
    expect(sent.statusCode).toBe(201);
    const sentId = sent.json<{ id: number }>().id;
    // Written before the API refused such subjects and names: what the database may still hold.
    const [legacy] = await t.app.db
      .insert(messages)
      .values({
        studentId: login.user.id,
        direction: 'outbound',
        fromName: 'Student',
        toName: "Registrar's Office",
        subject: `Hello\n${forged}\r\u001b]0;title\u0007`,
        content: 'x',
      })
      .returning({ id: messages.id });
    const [before] = await t.app.db
      .select({ firstName: students.firstName })
      .from(students)
      .where(eq(students.id, login.user.id));
    await t.app.db
      .update(students)
      .set({ firstName: 'Priya\u001b[2J\n  #98' })
      .where(eq(students.id, login.user.id));

    const run = await admin('unread-messages', '--office', "Registrar's Office", '--full');
    await t.app.db
      .update(students)
      .set({ firstName: before?.firstName ?? '' })
      .where(eq(students.id, login.user.id));
    expect(run.code).toBe(0);
    // Nothing but the line breaks the command itself writes reaches the terminal.
    expect(run.out).not.toMatch(/(?!\n)\p{Cc}/u);
    const lines = run.out.split('\n');
    expect(lines.filter((line) => /^\s*#\d/.test(line))).toEqual([
      expect.stringMatching(new RegExp(`^  #${sentId}  .* Priya\\\\x1b\\[2J\\\\n  #98 `)),
      expect.stringMatching(new RegExp(`^  #${legacy?.id ?? 0}  `)),
    ]);
    expect(lines.filter((line) => line.startsWith('  (end of #'))).toEqual([
      `  (end of #${sentId})`,
      `  (end of #${legacy?.id ?? 0})`,
    ]);
    expect(lines).toContain(`    | ${forged}`);
    expect(lines).toContain(
      '    | link \\x1b]8;;https://evil.example\\x1b\\here\\x1b]8;;\\x1b\\ overwritten\\rFAKE \\x9b2J',
    );
    expect(lines).toContain(`    Subject: Hello\\n${forged}\\r\\x1b]0;title\\x07`);
    expect(
      (await admin('unread-messages', '--office', "Registrar's Office", '--mark-read')).code,
    ).toBe(0);
  });

  it('lists the waitlist and exports it as CSV, never over an existing file', async () => {
    for (const email of ['zoe@example.com', 'yusuf@example.com']) {
      const res = await t.app.inject({
        method: 'POST',
        url: API_PATHS.waitlist,
        payload: { email, feature: WAITLIST_FEATURE },
      });
      expect(res.statusCode).toBe(200);
    }
    const list = await admin('waitlist');
    expect(list.out).toMatch(/zoe@example\.com[\s\S]*yusuf@example\.com/);
    const path = join(dir, 'waitlist.csv');
    expect((await admin('waitlist', '--csv', path)).out).toBe(
      `Wrote 2 waitlist entries to ${path}.`,
    );
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('email,feature,joined_at');
    expect(lines[1]).toMatch(/^zoe@example\.com,direct_university_applications,\d{4}-/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const again = await admin('waitlist', '--csv', path);
    expect(again).toMatchObject({ code: 1 });
    expect(again.err).toContain('already exists');
    expect((await admin('waitlist', '--csv', '-')).out.split('\n')).toHaveLength(3);
  });

  it("lists MOI submissions, exports a student's recordings and records the review", async () => {
    const [farida] = await t.app.db.select().from(students).where(eq(students.email, FARIDA));
    const questions = await t.app.db.select().from(moiQuestions).orderBy(moiQuestions.position);
    const [session] = await t.app.db
      .insert(moiSessions)
      .values({ studentId: farida?.id ?? '', status: 'submitted', submittedAt: new Date() })
      .returning();
    const recordings = questions.map((_, i) => Buffer.from(`webm recording ${i + 1}`));
    for (const [i, q] of questions.entries()) {
      const key = newStorageKey('moi-videos');
      const bytes = recordings[i] ?? Buffer.alloc(0);
      await t.app.fileStorage.promote(
        await t.app.fileStorage.writeTemporary(Readable.from([bytes])),
        key,
      );
      await t.app.db.insert(moiVideos).values({
        sessionId: session?.id ?? '',
        questionId: q.id,
        videoIndex: i,
        storageKey: key,
        sizeBytes: bytes.length,
        contentType: 'video/webm',
      });
    }
    await t.app.db
      .update(students)
      .set({ moiStatus: 'Submitted' })
      .where(eq(students.id, farida?.id ?? ''));

    const listed = await admin('moi-submissions', '--unreviewed');
    expect(listed.out).toContain('Farida Rahman');
    expect(listed.out).toContain(session?.id);
    expect(listed.out).toMatch(/\b3\s+not reviewed/);

    const out = join(dir, 'interviews', 'farida');
    const exported = await admin('export-moi-videos', FARIDA, '--out', out);
    expect(exported).toMatchObject({ code: 0, err: '' });
    for (const [i, bytes] of recordings.entries()) {
      expect(readFileSync(join(out, `answer-${i + 1}.webm`))).toEqual(bytes);
    }
    const twice = await admin('export-moi-videos', FARIDA, '--out', out);
    expect(twice.code).toBe(1);
    expect(twice.err).toContain('already exists');
    expect(readFileSync(join(out, 'answer-1.webm'))).toEqual(recordings[0]);
    expect(
      (await admin('export-moi-videos', DEMO_LOGIN_EMAIL, '--out', join(dir, 'none'))).err,
    ).toContain('has no submitted interview');
    expect(existsSync(join(dir, 'none', 'answer-1.webm'))).toBe(false);
    expect((await admin('export-moi-videos', FARIDA)).code).toBe(2);

    const written = await auditLogMark(t.app);
    const reviewed = await admin(
      'update-student',
      FARIDA,
      '--moi-review',
      'failed',
      '--moi-status',
      'Incomplete',
    );
    expect(reviewed.code).toBe(0);
    expect(await written()).toEqual([
      byCommandLine('student.update', farida?.id, {
        version: expect.any(Number) as unknown,
        moiReview: { session: session?.id, from: null, to: 'failed' },
        changes: { moiStatus: { from: 'Submitted', to: 'Incomplete' } },
      }),
    ]);
    expect((await admin('moi-submissions', '--student', FARIDA)).out).toMatch(/\bfailed$/m);
    expect((await admin('moi-submissions', '--unreviewed')).out).toBe(
      'No submitted interviews match.',
    );
  });

  it("revokes a student's sessions and passkeys and hands out a new invite that onboards them", async () => {
    const { token, email, id } = await demoLogin();
    const profile = () =>
      t.app.inject({ method: 'GET', url: API_PATHS.userProfile, headers: bearer(token) });
    expect((await profile()).statusCode).toBe(200);

    const written = await auditLogMark(t.app);
    const run = await admin('revoke-access', email, '--invite-days', '3');
    expect(run.code).toBe(0);
    const [invite] = await t.app.db
      .select({ expiresAt: invites.expiresAt })
      .from(invites)
      .where(and(eq(invites.studentId, id), isNull(invites.revokedAt)));
    expect(await written()).toEqual([
      byCommandLine('access.revoke', id, {
        revokedPasskeys: 0,
        inviteExpiresAt: invite?.expiresAt.toISOString(),
      }),
    ]);
    expect(run.out).toContain('Revoked every session and 0 passkeys of Priya Sharma');
    const code = CODE.exec(run.out)?.[0] ?? '';
    expect(code).not.toBe('');
    expect((await profile()).statusCode).toBe(401);

    const lookup = await t.app.inject({
      method: 'POST',
      url: API_PATHS.getStudentId,
      payload: {
        invite_code: code,
        passport_number: 'Z7654321',
        date_of_birth: dateOfBirthToUtcTimestamp('2001-06-02'),
      },
    });
    expect(lookup.json()).toMatchObject({
      first_name: 'Priya',
      userProfile: { faceVerified: false },
    });

    const before = await databaseDigest(t.app);
    expect((await admin('revoke-access', 'not-a-student')).code).toBe(1);
    expect((await admin('revoke-access', email, '--invite-days', '0')).code).toBe(2);
    expect(await databaseDigest(t.app)).toEqual(before);
  });
});
