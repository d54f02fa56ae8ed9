import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZApplicantDataResponseSchema } from '../../../shared/applicant-data.js';
import { students } from '../../db/schema.js';
import { onboardingTokenFor } from '../../test/onboarding-token.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { NOT_VERIFIED } from '../auth/authenticate.js';
import { changeStudents } from '../../test/seeded-students.js';

describe.each(testDatabaseKinds())('applicant data on $name', (kind) => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind);
    for (const row of await t.app.db
      .select({ id: students.id, firstName: students.firstName })
      .from(students)) {
      ids[row.firstName] = row.id;
    }
  });
  afterAll(() => t.close());

  const fetchAs = async (
    studentId: string | undefined,
    scope: 'student' | 'onboarding' = 'student',
  ) => {
    const token =
      studentId === undefined
        ? undefined
        : scope === 'student'
          ? await t.app.sessionTokens.issue(studentId, scope)
          : await onboardingTokenFor(t.app, studentId);
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    return t.app.inject({ method: 'POST', url: API_PATHS.applicantData, payload: {}, headers });
  };

  it("answers the signed-in student's own record in the spec's shape, links with https", async () => {
    const res = await fetchAs(ids.Priya);
    expect(res.statusCode).toBe(200);
    expect(ZApplicantDataResponseSchema.strict().safeParse(res.json()).success).toBe(true);
    expect(res.json()).toEqual({
      student: { 'First Name': 'Priya', 'Last Name': 'Sharma' },
      school: { Name: 'Lakeshore State University', Logo: null, 'Require MOI': true },
      application: {
        degree: 'Master of Science',
        major: 'Data Science',
        'admitted semester': 'Fall 2027',
        acceptance_letter: 'https://lakeshore-state.example.edu/letters/acceptance.pdf',
        'Admission Status': 'Admitted',
        'I20 issued': 'No',
        'i20 document': null,
        'sevis paid': 'No',
        'MOI Status': 'Incomplete',
      },
    });
  });

  it('needs no body: the spec posts an empty object, a client may post nothing', async () => {
    const token = await t.app.sessionTokens.issue(ids.Priya ?? '', 'student');
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.applicantData,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it("answers the token's own student whatever other student's id the body names", async () => {
    const token = await t.app.sessionTokens.issue(ids.Priya ?? '', 'student');
    const other = ids['Minh Anh'] ?? '';
    for (const payload of [
      { studentId: other },
      { student_id: other },
      { userId: other },
      { id: other, student: { id: other } },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: API_PATHS.applicantData,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        student: { 'First Name': 'Priya', 'Last Name': 'Sharma' },
        school: { Name: 'Lakeshore State University' },
        application: { 'I20 issued': 'No' },
      });
    }
  });

  it('shows each student the states of their own record', async () => {
    const minhAnh = (await fetchAs(ids['Minh Anh'])).json<{
      school: Record<string, unknown>;
      application: Record<string, unknown>;
    }>();
    expect(minhAnh.school['Require MOI']).toBe(false);
    expect(minhAnh.application).toMatchObject({
      'I20 issued': 'Yes',
      'i20 document': 'https://lakeshore-state.example.edu/i20/document.pdf',
      'sevis paid': 'Yes',
    });
    const lucas = (await fetchAs(ids.Lucas)).json<{ application: Record<string, unknown> }>();
    expect(lucas.application).toMatchObject({
      'I20 issued': 'Yes',
      'sevis paid': 'No',
      'MOI Status': 'Pending',
    });
  });

  it('answers a stored host:port link with https, and a script link as no link', async () => {
    await changeStudents(t.app, eq(students.id, ids['Minh Anh'] ?? ''), {
      acceptanceLetterUrl: 'javascript:alert(document.cookie)',
      i20DocumentUrl: 'lakeshore-state.example.edu:8443/i20/document.pdf',
    });
    const res = await fetchAs(ids['Minh Anh']);
    expect(res.json()).toMatchObject({
      application: {
        acceptance_letter: null,
        'i20 document': 'https://lakeshore-state.example.edu:8443/i20/document.pdf',
      },
    });
  });

  it('refuses without a full session, and refuses a student who is not face-verified', async () => {
    expect((await fetchAs(undefined)).statusCode).toBe(401);
    expect((await fetchAs(ids.Priya, 'onboarding')).statusCode).toBe(401);
    await changeStudents(t.app, eq(students.id, ids.Lucas ?? ''), { faceVerified: false });
    const unverified = await fetchAs(ids.Lucas);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ message: NOT_VERIFIED });
  });
});
