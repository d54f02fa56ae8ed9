import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZLoginResponseSchema } from '../../../shared/auth.js';
import { invites, students } from '../../db/schema.js';
import {
  startTestApp,
  TEST_TOKEN_SECRET,
  TEST_VAPID_KEYS,
  type TestApp,
} from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

const secretKey = new TextEncoder().encode(TEST_TOKEN_SECRET);
const NOBODY = '00000000-0000-4000-8000-000000000000';

/** The claims of a token as the server issues them; a test changes one to make one defect. */
interface ForgedClaims {
  sub: string;
  scope: string;
  /** An onboarding session's invite. */
  invite?: number;
  issuer?: string;
  audience?: string;
  /** Seconds since the epoch, as the claims carry them. */
  issuedAt?: number;
  expiresAt?: number;
}

/** Signs with the server's own key exactly what the server would sign, unless told otherwise. */
function forgeToken({ sub, scope, invite, issuer, audience, issuedAt, expiresAt }: ForgedClaims) {
  return new SignJWT(invite === undefined ? { scope } : { scope, invite })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setJti(randomUUID())
    .setIssuer(issuer ?? 'student-portal')
    .setAudience(audience ?? 'student-portal/api')
    .setIssuedAt(issuedAt ?? Date.now() / 1000)
    .setExpirationTime(expiresAt ?? Math.floor(Date.now() / 1000) + 3600)
    .sign(secretKey);
}

describe.each(testDatabaseKinds())('auth on $name', (kind) => {
  let t: TestApp;
  let token: string;
  let studentId: string;
  /** The onboarding demo student and her invite; the invite of Priya, the persona demo login copies. */
  let amara: { id: string; invite: number };
  let priyaInvite: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const res = await t.app.inject({ method: 'POST', url: API_PATHS.demoLogin });
    const body = ZLoginResponseSchema.parse(res.json());
    token = body.token;
    studentId = body.user.id;
    const inviteOf = async (firstName: string) => {
      const [row] = await t.app.db
        .select({ id: students.id, invite: invites.id })
        .from(students)
        .innerJoin(invites, eq(invites.studentId, students.id))
        .where(eq(students.firstName, firstName));
      if (!row) throw new Error(`${firstName} is seeded with an invite`);
      return row;
    };
    amara = await inviteOf('Amara');
    priyaInvite = (await inviteOf('Priya')).invite;
  });
  const forgedStudent = (changes: Partial<ForgedClaims> = {}) =>
    forgeToken({ sub: studentId, scope: 'student', ...changes });
  const forgedOnboarding = (changes: Partial<ForgedClaims> = {}) =>
    forgeToken({ sub: amara.id, scope: 'onboarding', invite: amara.invite, ...changes });
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
    ['interview-due', 'Farida'],
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
      // Demo login's own copy of Priya: her address with a tag (students' e-mails are unique).
      email: expect.stringMatching(
        /^priya\.sharma\+[0-9a-f]{12}@demo\.student-portal\.test$/,
      ) as unknown,
      firstName: 'Priya',
      lastName: 'Sharma',
      faceVerified: true,
      verificationResult: 'approved',
      sessionScope: 'student',
    });
  });

  it('accepts a token forged with the server key and every claim a real one carries', async () => {
    // The control for the refusals below: each of them differs from this in one claim only.
    const student = await profile(`Bearer ${await forgedStudent()}`);
    expect(student.statusCode).toBe(200);
    expect(student.json()).toMatchObject({ id: studentId, sessionScope: 'student' });
    const onboarding = await profile(`Bearer ${await forgedOnboarding()}`);
    expect(onboarding.statusCode).toBe(200);
    expect(onboarding.json()).toMatchObject({ id: amara.id, sessionScope: 'onboarding' });
  });

  it.each([
    ['no token', async () => undefined],
    ['a token that is not a bearer token', async () => `Basic ${token}`],
    ['garbage', async () => 'Bearer not.a.token'],
    [
      'an expired token',
      async () =>
        `Bearer ${await forgedStudent({ expiresAt: Math.floor(Date.now() / 1000) - 60 })}`,
    ],
    [
      // A future issue time would outlive a revocation made before it (tokens_valid_after).
      'a token issued an hour from now',
      async () => {
        const now = Math.floor(Date.now() / 1000);
        return `Bearer ${await forgedStudent({ issuedAt: now + 3600, expiresAt: now + 7200 })}`;
      },
    ],
    [
      'a token older than the session lifetime, whatever its expiry says',
      async () => {
        const now = Math.floor(Date.now() / 1000);
        const older = now - t.app.config.sessionTtlSeconds - 60;
        return `Bearer ${await forgedStudent({ issuedAt: older, expiresAt: now + 3600 })}`;
      },
    ],
    [
      'a tampered payload',
      async () => {
        const [header, payload, signature] = (await forgedStudent()).split('.');
        // The same complete claims, signed for Priya, presented as Amara's.
        const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
        const changed = Buffer.from(JSON.stringify({ ...claims, sub: amara.id }));
        return `Bearer ${header}.${changed.toString('base64url')}.${signature}`;
      },
    ],
    [
      'alg none',
      async () =>
        `Bearer ${new UnsecuredJWT({ scope: 'student' }).setSubject(studentId).setIssuer('student-portal').setAudience('student-portal/api').setIssuedAt().setExpirationTime('1h').encode()}`,
    ],
    ['another issuer', async () => `Bearer ${await forgedStudent({ issuer: 'someone-else' })}`],
    ['another audience', async () => `Bearer ${await forgedStudent({ audience: 'other-app' })}`],
    ['a student who does not exist', async () => `Bearer ${await forgedStudent({ sub: NOBODY })}`],
    [
      'a scope that does not exist',
      async () => `Bearer ${await forgedStudent({ scope: 'admin' })}`,
    ],
    [
      'an onboarding token without its invite',
      async () => `Bearer ${await forgedOnboarding({ invite: undefined })}`,
    ],
    [
      "an onboarding token naming another student's invite",
      async () => `Bearer ${await forgedOnboarding({ invite: priyaInvite })}`,
    ],
  ])('the profile refuses %s with 401 and a message', async (_name, authorization) => {
    const res = await profile(await authorization());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized: please sign in again.' });
  });

  it('holds an onboarding token only while its invite is neither used nor revoked', async () => {
    const onboarding = `Bearer ${await forgedOnboarding()}`;
    const setInvite = (changes: { usedAt?: Date | null; revokedAt?: Date | null }) =>
      t.app.db.update(invites).set(changes).where(eq(invites.id, amara.invite));
    try {
      await setInvite({ usedAt: new Date() });
      expect((await profile(onboarding)).statusCode).toBe(401);
      await setInvite({ usedAt: null, revokedAt: new Date() });
      expect((await profile(onboarding)).statusCode).toBe(401);
    } finally {
      await setInvite({ usedAt: null, revokedAt: null });
    }
    expect((await profile(onboarding)).statusCode).toBe(200);
  });

  it('refuses tokens of a disabled student and tokens issued before a revocation', async () => {
    const fresh = ZLoginResponseSchema.parse(
      (await t.app.inject({ method: 'POST', url: API_PATHS.demoLogin })).json(),
    );
    const student = eq(students.id, fresh.user.id);
    const issuedAt = (await t.app.sessionTokens.verify(fresh.token))?.issuedAt.getTime() ?? 0;
    // A revocation a millisecond after the token was issued refuses it, and so does one in the
    // very millisecond it was issued (a machine can issue a token and revoke it within one).
    for (const revokedAt of [issuedAt + 1, issuedAt]) {
      await t.app.db
        .update(students)
        .set({ tokensValidAfter: new Date(revokedAt) })
        .where(student);
      expect((await profile(`Bearer ${fresh.token}`)).statusCode).toBe(401);
    }
    // And a token issued a moment after a revocation holds, though it is most likely the same
    // second (a recovery's new onboarding begins right after it).
    await new Promise((resolve) => setTimeout(resolve, 2));
    const after = await t.app.sessionTokens.issue(fresh.user.id, 'student');
    expect((await profile(`Bearer ${after}`)).statusCode).toBe(200);
    await t.app.db
      .update(students)
      .set({ tokensValidAfter: null, disabledAt: new Date() })
      .where(student);
    expect((await profile(`Bearer ${fresh.token}`)).statusCode).toBe(401);
    await t.app.db.update(students).set({ disabledAt: null }).where(student);
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
      vapidPublicKey: TEST_VAPID_KEYS.VAPID_PUBLIC_KEY,
    });
  });
});
