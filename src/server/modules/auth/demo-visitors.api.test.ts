import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import type { TDemoPersona } from '../../../shared/auth.js';
import { ZApplicantDataResponseSchema } from '../../../shared/applicant-data.js';
import { ZApplicationListResponseSchema } from '../../../shared/applications.js';
import { ZDocumentListResponseSchema, ZDocumentSchema } from '../../../shared/documents.js';
import { ZMessageListResponseSchema } from '../../../shared/messages.js';
import { ZMoiSessionResponseSchema, ZMoiSubmitVideoResponseSchema } from '../../../shared/moi.js';
import { ZProfileSchema } from '../../../shared/profile.js';
import {
  applications,
  documents,
  messages,
  moiSessions,
  moiVideos,
  profiles,
  rateLimits,
  students,
} from '../../db/schema.js';
import { pdfOf, postFile, webmOf } from '../../test/backup-portal.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { WHOLE_PROFILE } from '../../test/whole-profile.js';
import { signIn } from '../../test/sign-in.js';
import { DEMO_STUDENTS } from '../../db/seed-data/demo-people.js';
import { DEMO_VISITOR_LIFETIME_MS, pruneDemoVisitors } from './demo-visitors.js';
import { DEMO_LOGINS_PER_ADDRESS } from './routes.js';

interface Visitor {
  id: string;
  token: string;
  email: string | null;
}

/**
 * docs/security-tests.md, issue 19 finding 6: each "Try the demo" visitor gets a student of their own, a fresh copy of the
 * persona, so one visitor's uploads, messages and edits are never shown to the next; the copies
 * go, with their files, a day later; demo login is rate-limited per address, since each call
 * writes rows.
 */
describe.each(testDatabaseKinds())('demo visitors on $name', (kind) => {
  let t: TestApp;
  let address = 0;

  /** A demo login from an address of its own, so the per-address limit is tested only where meant. */
  const demoLogin = async (persona?: TDemoPersona, ip = `198.51.100.${++address}`) =>
    t.app.inject({
      method: 'POST',
      url: API_PATHS.demoLogin,
      payload: persona ? { persona } : {},
      remoteAddress: ip,
    });
  const visit = async (persona?: TDemoPersona): Promise<Visitor> => {
    const { id, token, user } = await signIn(t.app, persona, `198.51.100.${++address}`);
    return { id, token, email: user.email };
  };
  const get = (visitor: Visitor, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${visitor.token}` } });
  const post = (visitor: Visitor, url: string, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${visitor.token}` },
    });
  const documentsOf = async (visitor: Visitor) =>
    ZDocumentListResponseSchema.parse((await get(visitor, API_PATHS.documents)).json());
  const messagesOf = async (visitor: Visitor) =>
    ZMessageListResponseSchema.parse((await get(visitor, API_PATHS.messages)).json());
  const profileOf = async (visitor: Visitor) =>
    ZProfileSchema.parse((await get(visitor, API_PATHS.profile)).json());
  const uploadDocument = async (visitor: Visitor, name: string) => {
    const res = await postFile(t.app, visitor.token, API_PATHS.documents, {
      field: 'file',
      name,
      type: 'application/pdf',
      bytes: pdfOf(2_000),
    });
    expect(res.statusCode).toBe(201);
    return ZDocumentSchema.parse(res.json());
  };
  const recordAnswer = async (visitor: Visitor) => {
    const { sessionId } = ZMoiSessionResponseSchema.parse(
      (await post(visitor, API_PATHS.moiSessions)).json(),
    );
    const [question] = (await get(visitor, API_PATHS.moiQuestions)).json<{ id: number }[]>();
    const query = new URLSearchParams({
      sessionId,
      videoIndex: '0',
      questionId: String(question?.id),
    });
    const res = await postFile(t.app, visitor.token, `${API_PATHS.moiSubmitVideo}?${query}`, {
      field: 'video',
      name: 'answer.webm',
      type: 'video/webm',
      bytes: webmOf(5_000),
    });
    expect(res.statusCode).toBe(201);
    return ZMoiSubmitVideoResponseSchema.parse(res.json()).fileId;
  };
  /** Each table's rows of the student, and the stored files they point at. */
  const holdingsOf = async (studentId: string) => {
    const rowsIn = async (table: typeof profiles | typeof applications | typeof messages) =>
      (await t.app.db.select({ n: count() }).from(table).where(eq(table.studentId, studentId)))[0]
        ?.n;
    const files = [
      ...(await t.app.db
        .select({ key: documents.storageKey })
        .from(documents)
        .where(eq(documents.studentId, studentId))),
      ...(await t.app.db
        .select({ key: moiVideos.storageKey })
        .from(moiVideos)
        .innerJoin(moiSessions, eq(moiSessions.id, moiVideos.sessionId))
        .where(eq(moiSessions.studentId, studentId))),
    ].map((row) => row.key);
    return {
      students: (
        await t.app.db.select({ n: count() }).from(students).where(eq(students.id, studentId))
      )[0]?.n,
      profiles: await rowsIn(profiles),
      applications: await rowsIn(applications),
      messages: await rowsIn(messages),
      files,
    };
  };
  const isStored = async (key: string) => {
    const stream = await t.app.fileStorage.read(key);
    stream?.destroy();
    return stream !== null;
  };
  const makeOlder = (studentId: string, ms: number) =>
    t.app.db
      .update(students)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(students.id, studentId));
  const prune = () =>
    pruneDemoVisitors({ db: t.app.db, storage: t.app.fileStorage, log: t.app.log });

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('gives each demo login a student of its own, with the persona as the demo data contract has it', async () => {
    const first = await visit();
    const second = await visit();
    expect(first.id).not.toBe(second.id);
    expect(first.email).not.toBe(second.email);
    expect(first.email).toMatch(/^priya\.sharma\+[0-9a-f]{12}@demo\.student-portal\.test$/);

    for (const visitor of [first, second]) {
      const applicant = ZApplicantDataResponseSchema.parse(
        (await post(visitor, API_PATHS.applicantData)).json(),
      );
      expect(applicant).toMatchObject({
        student: { 'First Name': 'Priya' },
        school: { 'Require MOI': true },
        application: { 'MOI Status': 'Incomplete', 'I20 issued': 'No', 'sevis paid': 'No' },
      });
      const user = (await get(visitor, API_PATHS.userProfile)).json<object>();
      expect(user).toMatchObject({ faceVerified: true, verificationResult: 'approved' });
      const apps = ZApplicationListResponseSchema.parse(
        (await get(visitor, API_PATHS.applications)).json(),
      );
      expect(apps.map((a) => a.status).sort()).toEqual([
        'accepted',
        'documents_required',
        'under_review',
      ]);
      const inbox = await messagesOf(visitor);
      expect(inbox.map((m) => m.isRead).sort()).toEqual([false, true, true]);
      // Each message about an application points at the visitor's own copy of it.
      const ownApplicationIds = new Set(apps.map((a) => a.id));
      const [linked] = await t.app.db
        .select({ applicationId: messages.applicationId })
        .from(messages)
        .where(eq(messages.studentId, visitor.id))
        .limit(1);
      expect(ownApplicationIds.has(linked?.applicationId ?? -1)).toBe(true);
      expect((await profileOf(visitor)).passportNumber).toBe('Z7654321');
    }
  });

  it.each([
    ['all-done', { 'Require MOI': false }, { 'I20 issued': 'Yes', 'sevis paid': 'Yes' }],
    [
      'sevis-due',
      { 'Require MOI': true },
      { 'MOI Status': 'Pending', 'I20 issued': 'Yes', 'sevis paid': 'No' },
    ],
  ] as const)('copies the %s persona in its state', async (persona, school, application) => {
    const visitor = await visit(persona);
    const applicant = (await post(visitor, API_PATHS.applicantData)).json<object>();
    expect(applicant).toMatchObject({ school, application });
    const [row] = await t.app.db
      .select({ demo: students.demo })
      .from(students)
      .where(eq(students.id, visitor.id));
    expect(row?.demo).toBe('visitor');
  });

  it("shows no visitor another's uploads, messages or profile edits", async () => {
    const first = await visit();
    const uploaded = await uploadDocument(first, 'passport-scan.pdf');
    const sent = await post(first, API_PATHS.messages, {
      to: 'Admissions Office',
      subject: 'My passport scan',
      content: 'Attached, as asked.',
    });
    expect(sent.statusCode).toBe(201);
    const saved = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.profile,
      payload: WHOLE_PROFILE,
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(saved.statusCode).toBe(200);
    expect((await documentsOf(first)).map((d) => d.id)).toEqual([uploaded.id]);

    const next = await visit();
    expect(await documentsOf(next)).toEqual([]);
    expect((await messagesOf(next)).map((m) => m.subject)).not.toContain('My passport scan');
    expect(await messagesOf(next)).toHaveLength(3);
    const profile = await profileOf(next);
    expect(profile.passportNumber).toBe('Z7654321');
    expect(profile.medicalConditions).toBe('');
    const file = await get(next, `${API_PATHS.documents}/${uploaded.id}/file`);
    expect(file.statusCode).toBe(404);
  });

  it('removes a copy a day old with its rows and files, and keeps a fresh one and the personas', async () => {
    const old = await visit();
    const fresh = await visit();
    for (const visitor of [old, fresh]) {
      await uploadDocument(visitor, 'bank-statement.pdf');
      await recordAnswer(visitor);
    }
    const oldHoldings = await holdingsOf(old.id);
    expect(oldHoldings.files).toHaveLength(2);
    for (const key of oldHoldings.files) expect(await isStored(key)).toBe(true);
    const freshHoldings = await holdingsOf(fresh.id);
    const personas = await t.app.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.demo, 'persona'));
    expect(personas).toHaveLength(DEMO_STUDENTS.length);

    await makeOlder(old.id, DEMO_VISITOR_LIFETIME_MS + 60_000);
    await makeOlder(fresh.id, DEMO_VISITOR_LIFETIME_MS - 60_000);
    for (const { id } of personas) await makeOlder(id, 30 * DEMO_VISITOR_LIFETIME_MS);
    expect(await prune()).toBeGreaterThanOrEqual(1);

    expect(await holdingsOf(old.id)).toEqual({
      students: 0,
      profiles: 0,
      applications: 0,
      messages: 0,
      files: [],
    });
    for (const key of oldHoldings.files) expect(await isStored(key)).toBe(false);
    expect((await get(old, API_PATHS.userProfile)).statusCode).toBe(401);

    expect(await holdingsOf(fresh.id)).toEqual(freshHoldings);
    for (const key of freshHoldings.files) expect(await isStored(key)).toBe(true);
    expect((await get(fresh, API_PATHS.userProfile)).statusCode).toBe(200);
    const personasLeft = await t.app.db
      .select({ n: count() })
      .from(students)
      .where(
        inArray(
          students.id,
          personas.map((p) => p.id),
        ),
      );
    expect(personasLeft[0]?.n).toBe(DEMO_STUDENTS.length);
    // Demo login still copies the persona, however old it is.
    expect((await visit()).email).toMatch(/^priya\.sharma\+/);
  });

  it("copies an office's reply to the persona under the copy's own message, not the persona's", async () => {
    const [asked] = await t.app.db
      .select({ id: messages.id, studentId: messages.studentId, subject: messages.subject })
      .from(messages)
      .innerJoin(students, eq(students.id, messages.studentId))
      .where(and(eq(students.demo, 'persona'), eq(messages.direction, 'outbound')));
    if (!asked) throw new Error("the seed has a persona's message to an office");
    const [answer] = await t.app.db
      .insert(messages)
      .values({
        studentId: asked.studentId,
        direction: 'inbound',
        fromName: 'Admissions Office',
        toName: 'Priya Sharma',
        subject: `Re: ${asked.subject}`,
        content: 'One PDF, please.',
        replyToMessageId: asked.id,
      })
      .returning({ id: messages.id });
    try {
      const copied = await messagesOf(await visit());
      const question = copied.find((m) => m.subject === asked.subject);
      const reply = copied.find((m) => m.subject === `Re: ${asked.subject}`);
      expect(question?.id).not.toBe(asked.id);
      expect(reply?.replyTo).toBe(question?.id);
    } finally {
      await t.app.db.delete(messages).where(eq(messages.id, answer?.id ?? 0));
    }
  });

  it('rate-limits demo login per address, with a message', async () => {
    await t.app.db.delete(rateLimits);
    const ip = '203.0.113.7';
    for (let i = 0; i < DEMO_LOGINS_PER_ADDRESS.limit; i += 1) {
      expect((await demoLogin(undefined, ip)).statusCode).toBe(200);
    }
    const visitorsBefore = await t.app.db
      .select({ n: count() })
      .from(students)
      .where(eq(students.demo, 'visitor'));
    const refused = await demoLogin(undefined, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({
      message: 'Too many demo sign-ins from this network. Please try again later.',
    });
    const visitorsAfter = await t.app.db
      .select({ n: count() })
      .from(students)
      .where(eq(students.demo, 'visitor'));
    expect(visitorsAfter).toEqual(visitorsBefore);
    expect((await demoLogin(undefined, '203.0.113.8')).statusCode).toBe(200);
  });
});
