import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import {
  APPLICATION_NOT_FOUND,
  type TApplication,
  ZApplicationListResponseSchema,
} from '../../../shared/applications.js';
import { applications, students } from '../../db/schema.js';
import { onboardingTokenFor } from '../../test/onboarding-token.js';
import { bearer, type SignedIn, signIn } from '../../test/sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { NOT_VERIFIED, UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';

describe.each(testDatabaseKinds())('applications on $name', (kind) => {
  let t: TestApp;
  /** The demo-login student, who has three seeded applications. */
  let priya: SignedIn;
  /** Another signed-in student, with one application: accepted at the school on his record. */
  let lucas: SignedIn;
  let priyasApplications: TApplication[];

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const applicationUrl = (id: number | string) => apiPath(API_PATHS.application, { id });

  beforeAll(async () => {
    t = await startTestApp(kind);
    priya = await signIn(t.app, 'moi-required');
    lucas = await signIn(t.app, 'sevis-due');
    priyasApplications = ZApplicationListResponseSchema.parse(
      (await get(API_PATHS.applications, priya.token)).json(),
    );
  });
  afterAll(() => t.close());

  it("lists the student's own applications, the most recently submitted first", async () => {
    const res = await get(API_PATHS.applications, priya.token);
    expect(res.statusCode).toBe(200);
    const list = ZApplicationListResponseSchema.parse(res.json());
    // Priya is admitted at Lakeshore, the school on her record: her application there agrees.
    expect(list.map((a) => [a.university, a.status])).toEqual([
      ['Northfield Institute of Technology', 'under_review'],
      ['Pacific Crest College', 'documents_required'],
      ['Lakeshore State University', 'accepted'],
    ]);
    expect(list[2]).toEqual({
      id: expect.any(Number) as unknown,
      university: 'Lakeshore State University',
      program: 'M.S. Data Science',
      status: 'accepted',
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
      portalUrl: 'https://apply.lakeshore-state.example.edu',
      admissionsEmail: 'admissions@lakeshore-state.example.edu',
      admissionsPhone: '+1 312 555 0142',
    });
    expect(list[0]).toMatchObject({ portalUrl: null, admissionsPhone: null });
    const submitted = list.map((a) => Date.parse(a.submittedAt));
    expect(submitted).toEqual([...submitted].sort((a, b) => b - a));
  });

  it('gives a portal link stored without a scheme https:', async () => {
    const lakeshore = priyasApplications.find((a) => a.university === 'Lakeshore State University');
    if (!lakeshore) throw new Error('the seed has an application to Lakeshore');
    await t.app.db
      .update(applications)
      .set({ portalUrl: 'apply.lakeshore-state.example.edu/status' })
      .where(eq(applications.id, lakeshore.id));
    const res = await get(applicationUrl(lakeshore.id), priya.token);
    expect(res.json()).toMatchObject({
      portalUrl: 'https://apply.lakeshore-state.example.edu/status',
    });
    const list = ZApplicationListResponseSchema.parse(
      (await get(API_PATHS.applications, priya.token)).json(),
    );
    expect(list.find((a) => a.id === lakeshore.id)?.portalUrl).toBe(
      'https://apply.lakeshore-state.example.edu/status',
    );
  });

  it("lists an admitted persona's accepted application at the school on their record", async () => {
    const res = await get(API_PATHS.applications, lucas.token);
    expect(res.statusCode).toBe(200);
    const list = ZApplicationListResponseSchema.parse(res.json());
    expect(list.map((a) => [a.university, a.status])).toEqual([
      ['Lakeshore State University', 'accepted'],
    ]);
  });

  it('answers an empty list to a student without applications', async () => {
    const student = await signIn(t.app, 'sevis-due');
    await t.app.db.delete(applications).where(eq(applications.studentId, student.id));
    const res = await get(API_PATHS.applications, student.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("answers one of the student's own applications by id, as the list shows it", async () => {
    const waiting = priyasApplications.find((a) => a.status === 'documents_required');
    if (!waiting) throw new Error('the seed has a documents_required application');
    const res = await get(applicationUrl(waiting.id), priya.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(waiting);
  });

  it("answers another student's application and an unknown id with the same 404", async () => {
    const unknownId = Math.max(...priyasApplications.map((a) => a.id)) + 1000;
    const answers = [];
    for (const { id } of priyasApplications)
      answers.push(await get(applicationUrl(id), lucas.token));
    answers.push(await get(applicationUrl(unknownId), priya.token));
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: APPLICATION_NOT_FOUND });
    }
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '%20'])(
    'refuses the id %j with 400 and a message',
    async (id) => {
      const res = await get(`${API_PATHS.applications}/${id}`, priya.token);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^id: /);
    },
  );

  describe.each([
    ['the list', () => API_PATHS.applications],
    ['one application', () => applicationUrl(priyasApplications[0]?.id ?? 1)],
  ])('%s', (_name, url) => {
    it('refuses without a token, with a tampered token and with an onboarding session', async () => {
      // The token's signature covers its subject: swapping in another student's id breaks it.
      const [header, payload, signature] = priya.token.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
      const swapped = Buffer.from(JSON.stringify({ ...claims, sub: lucas.id })).toString(
        'base64url',
      );
      const onboarding = await onboardingTokenFor(t.app, priya.id);
      for (const token of [undefined, `${header}.${swapped}.${signature}`, onboarding]) {
        const res = await get(url(), token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
      }
    });

    it('refuses a signed-in student whose identity verification was withdrawn', async () => {
      const unverified = eq(students.id, priya.id);
      await t.app.db.update(students).set({ faceVerified: false }).where(unverified);
      try {
        const res = await get(url(), priya.token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: NOT_VERIFIED });
      } finally {
        await t.app.db.update(students).set({ faceVerified: true }).where(unverified);
      }
    });
  });

  it('documents both routes in the OpenAPI document as needing a bearer token', async () => {
    const doc = (await get(API_PATHS.docs)).json<{
      paths: Record<string, Record<string, { security?: unknown; responses: object }>>;
    }>();
    const list = doc.paths[API_PATHS.applications]?.get;
    const one = doc.paths['/api/applications/{id}']?.get;
    expect(list?.security).toEqual([{ bearerAuth: [] }]);
    expect(one?.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(one?.responses ?? {})).toEqual(['200', '400', '401', '403', '404']);
  });
});
