import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZLoginResponseSchema } from '../../../shared/auth.js';
import { students } from '../../db/schema.js';
import { startTestApp, TEST_TOKEN_SECRET, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

const secretKey = new TextEncoder().encode(TEST_TOKEN_SECRET);

function forgeToken(
  sub: string,
  changes: { issuer?: string; audience?: string; expiresAt?: number } = {},
) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuer(changes.issuer ?? 'student-portal')
    .setAudience(changes.audience ?? 'student-portal/api')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(changes.expiresAt ?? Math.floor(Date.now() / 1000) + 3600)
    .sign(secretKey);
}

describe.each(testDatabaseKinds())('auth on $name', (kind) => {
  let t: TestApp;
  let token: string;
  let studentId: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const res = await t.app.inject({ method: 'POST', url: API_PATHS.demoLogin });
    const body = ZLoginResponseSchema.parse(res.json());
    token = body.token;
    studentId = body.user.id;
  });
  afterAll(() => t.close());

  const profile = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: API_PATHS.userProfile,
      headers: authorization ? { authorization } : {},
    });

  it('demo login signs in the face-verified demo student', async () => {
    const res = await t.app.inject({ method: 'POST', url: API_PATHS.demoLogin });
    expect(res.statusCode).toBe(200);
    const body = ZLoginResponseSchema.parse(res.json());
    expect(body.user).toMatchObject({
      firstName: 'Priya',
      faceVerified: true,
      verificationResult: 'approved',
    });
    expect(body.token.split('.')).toHaveLength(3);
  });

  it.each([
    ['all-done', 'Minh Anh'],
    ['sevis-due', 'Lucas'],
    ['moi-required', 'Priya'],
  ])('demo login as the %s persona signs in %s', async (persona, firstName) => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.demoLogin,
      payload: { persona },
    });
    expect(ZLoginResponseSchema.parse(res.json()).user.firstName).toBe(firstName);
  });

  it('demo login refuses an unknown persona with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.demoLogin,
      payload: { persona: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/persona/);
  });

  it('the profile answers the signed-in student for a valid token', async () => {
    const res = await profile(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: studentId,
      email: 'priya.sharma@demo.student-portal.test',
      firstName: 'Priya',
      lastName: 'Sharma',
      faceVerified: true,
      verificationResult: 'approved',
      sessionScope: 'student',
    });
  });

  it.each([
    ['no token', async () => undefined],
    ['a token that is not a bearer token', async () => `Basic ${token}`],
    ['garbage', async () => 'Bearer not.a.token'],
    [
      'an expired token',
      async () =>
        `Bearer ${await forgeToken(studentId, { expiresAt: Math.floor(Date.now() / 1000) - 60 })}`,
    ],
    [
      'a tampered payload',
      async () => {
        const [header, , signature] = token.split('.');
        const payload = Buffer.from(
          JSON.stringify({ sub: '00000000-0000-4000-8000-000000000000' }),
        ).toString('base64url');
        return `Bearer ${header}.${payload}.${signature}`;
      },
    ],
    [
      'alg none',
      async () =>
        `Bearer ${new UnsecuredJWT({}).setSubject(studentId).setIssuer('student-portal').setAudience('student-portal/api').setIssuedAt().setExpirationTime('1h').encode()}`,
    ],
    [
      'another issuer',
      async () => `Bearer ${await forgeToken(studentId, { issuer: 'someone-else' })}`,
    ],
    [
      'another audience',
      async () => `Bearer ${await forgeToken(studentId, { audience: 'other-app' })}`,
    ],
    [
      'a student who does not exist',
      async () => `Bearer ${await forgeToken('00000000-0000-4000-8000-000000000000')}`,
    ],
  ])('the profile refuses %s with 401 and a message', async (_name, authorization) => {
    const res = await profile(await authorization());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized: please sign in again.' });
  });

  it('refuses tokens of a disabled student and tokens issued before a revocation', async () => {
    const fresh = ZLoginResponseSchema.parse(
      (await t.app.inject({ method: 'POST', url: API_PATHS.demoLogin })).json(),
    );
    await t.app.db
      .update(students)
      .set({ tokensValidAfter: new Date(Date.now() + 1000) })
      .where(eq(students.id, studentId));
    expect((await profile(`Bearer ${fresh.token}`)).statusCode).toBe(401);
    await t.app.db
      .update(students)
      .set({ tokensValidAfter: null, disabledAt: new Date() })
      .where(eq(students.id, studentId));
    expect((await profile(`Bearer ${fresh.token}`)).statusCode).toBe(401);
    await t.app.db.update(students).set({ disabledAt: null }).where(eq(students.id, studentId));
    expect((await profile(`Bearer ${fresh.token}`)).statusCode).toBe(200);
  });
});

describe('demo login outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    const [pglite] = testDatabaseKinds();
    if (!pglite) throw new Error('PGlite is always available');
    t = await startTestApp(pglite, { DEMO_MODE: 'false' });
  });
  afterAll(() => t.close());

  it('does not exist: 404 with a message and no token', async () => {
    const res = await t.app.inject({ method: 'POST', url: API_PATHS.demoLogin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('and the public config says demo mode is off', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.publicConfig });
    expect(res.json()).toEqual({
      productName: 'F-1 Student Portal',
      demoMode: false,
      simulatedPasskeys: false,
    });
  });
});
