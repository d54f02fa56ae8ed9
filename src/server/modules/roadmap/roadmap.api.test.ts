import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import type { TDemoPersona } from '../../../shared/auth.js';
import { type TRoadmapResponse, ZRoadmapResponseSchema } from '../../../shared/roadmap.js';
import { students } from '../../db/schema.js';
import { onboardingTokenFor } from '../../test/onboarding-token.js';
import { bearer, signIn } from '../../test/sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { NOT_VERIFIED, UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';
import { changeStudents } from '../../test/seeded-students.js';

describe.each(testDatabaseKinds())('visa roadmap on $name', (kind) => {
  let t: TestApp;
  const tokens = {} as Record<TDemoPersona, string>;
  const ids = {} as Record<TDemoPersona, string>;

  const read = (token: string | undefined) =>
    t.app.inject({ method: 'GET', url: API_PATHS.roadmap, headers: bearer(token) });
  const roadmapOf = async (persona: TDemoPersona): Promise<TRoadmapResponse> => {
    const res = await read(tokens[persona]);
    expect(res.statusCode).toBe(200);
    return ZRoadmapResponseSchema.strict().parse(res.json());
  };
  const inProgress = (roadmap: TRoadmapResponse) =>
    roadmap.steps.find((step) => step.status === 'in_progress')?.title;
  const completed = (roadmap: TRoadmapResponse) =>
    roadmap.steps.filter((step) => step.status === 'completed').length;

  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const persona of ['moi-required', 'all-done', 'sevis-due'] as const) {
      const { id, token } = await signIn(t.app, persona);
      tokens[persona] = token;
      ids[persona] = id;
    }
  });
  afterAll(() => t.close());

  it("shows Priya the spec's list, and her Lakeshore application's start date", async () => {
    const roadmap = await roadmapOf('moi-required');
    expect(roadmap.steps).toHaveLength(7);
    expect(completed(roadmap)).toBe(1);
    expect(inProgress(roadmap)).toBe('Proof of Funds Submitted');
    // Its action opens the application that asked for her bank statements: her own Lakeshore one.
    const proofOfFunds = roadmap.steps.find((step) => step.id === 'proof-of-funds');
    const res = await t.app.inject({
      method: 'GET',
      url: API_PATHS.applications,
      headers: bearer(tokens['moi-required']),
    });
    const lakeshore = res
      .json<{ id: number; university: string }[]>()
      .find((application) => application.university === 'Lakeshore State University');
    expect(proofOfFunds?.actionApplicationId).toBe(lakeshore?.id);
    expect(roadmap.programStartDate).toBe('2027-08-23');
    expect(roadmap.earliestArrivalDate).toBe('2027-07-24');
  });

  it('shows each student where their own record stands', async () => {
    const minhAnh = await roadmapOf('all-done');
    expect(completed(minhAnh)).toBe(4);
    expect(inProgress(minhAnh)).toBe('Visa Interview Scheduled');
    // She has no application on record: no start date rather than a made-up one.
    expect(minhAnh.programStartDate).toBeNull();
    const i20 = minhAnh.documents.find((d) => d.title === 'Form I-20');
    expect(i20).toMatchObject({
      available: true,
      url: 'https://lakeshore-state.example.edu/i20/document.pdf',
      estimatedDate: null,
    });
    expect(i20?.issuedDate).toMatch(/^\d{4}-\d\d-\d\d$/);

    const lucas = await roadmapOf('sevis-due');
    expect(completed(lucas)).toBe(3);
    expect(inProgress(lucas)).toBe('SEVIS Fee Paid');
  });

  it('follows the record as it changes', async () => {
    await changeStudents(t.app, eq(students.id, ids['sevis-due']), {
      sevisPaid: true,
      sevisPaidOn: '2027-01-05',
    });
    const lucas = await roadmapOf('sevis-due');
    expect(inProgress(lucas)).toBe('Visa Interview Scheduled');
    expect(lucas.documents.find((d) => d.title === 'SEVIS I-901 Fee Receipt')).toMatchObject({
      available: true,
      issuedDate: '2027-01-05',
    });
  });

  it('refuses without a token, with an onboarding session, and an unverified student', async () => {
    const onboarding = await onboardingTokenFor(t.app, ids['moi-required']);
    for (const token of [undefined, onboarding]) {
      const res = await read(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
    }
    await changeStudents(t.app, eq(students.id, ids['all-done']), { faceVerified: false });
    const res = await read(tokens['all-done']);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: NOT_VERIFIED });
  });
});
