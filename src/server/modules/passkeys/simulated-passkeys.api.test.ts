import { createHash, randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import {
  ZAuthenticationOptionsSchema,
  ZPasskeyCompleteResponseSchema,
  ZRegisterCompleteResponseSchema,
  ZRegistrationOptionsSchema,
} from '../../../shared/passkeys.js';
import {
  credentialAuditLog,
  invites,
  passkeyCredentials,
  students,
  webauthnChallenges,
} from '../../db/schema.js';
import {
  forgetPasskeys,
  newAuthenticator,
  onboardingSessionFor,
  PASSKEY_ORIGIN,
} from '../../test/passkey-students.js';
import { passIdentityCheck, seededStudentId, changeStudents } from '../../test/seeded-students.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

const REFUSED = { message: 'Authentication failed. Please try again.' };
const UNAVAILABLE = { message: 'Simulated passkeys are not available on this server.' };
const EXPIRED = {
  message: 'This passkey request has expired or was already used. Please try again.',
};

/** What a test needs of one running app: requests, and the seeded students it signs up. */
function harness(getApp: () => TestApp) {
  const app = () => getApp().app;
  const post = (url: string, payload: object, token?: string) =>
    app().inject({
      method: 'POST',
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const studentId = (firstName: string) => seededStudentId(app(), firstName);
  /** Amara, in onboarding (bound to her open invite, as verify-user binds it), after her identity check. */
  const amaraOnboarding = async () => {
    const amara = await studentId('Amara');
    await passIdentityCheck(app(), amara);
    return { amara, token: await onboardingSessionFor(app(), amara) };
  };
  const registrationChallenge = async (token: string, username = 'amara') => {
    const res = await post(API_PATHS.registerBegin, { username }, token);
    expect(res.statusCode).toBe(200);
    return ZRegistrationOptionsSchema.parse(res.json()).challenge;
  };
  const signInChallenge = async () =>
    ZAuthenticationOptionsSchema.parse((await post(API_PATHS.authenticateBegin, {})).json())
      .challenge;
  const rowCounts = async () => ({
    credentials: (await app().db.select({ n: count() }).from(passkeyCredentials))[0]?.n,
    audit: (await app().db.select({ n: count() }).from(credentialAuditLog))[0]?.n,
  });
  const unusedInvites = async () =>
    (await app().db.select().from(invites)).filter((i) => i.usedAt === null).length;
  return {
    post,
    studentId,
    amaraOnboarding,
    registrationChallenge,
    signInChallenge,
    rowCounts,
    unusedInvites,
  };
}

describe.each(testDatabaseKinds())('simulated passkeys on $name, in demo mode', (kind) => {
  let t: TestApp;
  const h = harness(() => t);

  beforeAll(async () => {
    // NODE_ENV=test with DEMO_MODE unset: demo mode is on, as under `npm start`.
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await forgetPasskeys(t.app);
  });

  async function registerSimulated() {
    const { amara, token } = await h.amaraOnboarding();
    const challenge = await h.registrationChallenge(token);
    const res = await h.post(
      API_PATHS.registerComplete,
      { credential: { demo: true, challenge }, username: 'amara@example.com', userId: amara },
      token,
    );
    expect(res.statusCode).toBe(200);
    const body = ZRegisterCompleteResponseSchema.parse(res.json());
    if (!body.simulatedCredential) throw new Error('no simulated credential in the answer');
    // The onboarding session ended with this passkey: from here on Amara is signed in.
    return { amara, token: body.token, body, simulated: body.simulatedCredential };
  }

  it('registers a simulated passkey: stored hashed, with its audit row, the invite used, a full session', async () => {
    const { amara, body, simulated } = await registerSimulated();

    expect(body).toMatchObject({ success: true, user: { id: amara, sessionScope: 'student' } });
    expect(await t.app.sessionTokens.verify(body.token)).toMatchObject({
      studentId: amara,
      scope: 'student',
    });
    expect(simulated.id).toMatch(/^simulated:[A-Za-z0-9_-]{43}$/);
    const secret = Buffer.from(simulated.secret, 'base64url');
    expect(secret).toHaveLength(32);

    const [stored] = await t.app.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.id, simulated.id));
    expect(stored).toMatchObject({
      studentId: amara,
      deviceType: 'simulated',
      transports: [],
      counter: 0,
      lastUsedAt: null,
    });
    // Only the hash of the secret is kept: the secret itself is nowhere in the database rows.
    expect(stored?.publicKey.equals(createHash('sha256').update(secret).digest())).toBe(true);
    expect(JSON.stringify(await t.app.db.select().from(passkeyCredentials))).not.toContain(
      simulated.secret,
    );
    expect(
      await t.app.db
        .select()
        .from(credentialAuditLog)
        .where(eq(credentialAuditLog.credentialId, simulated.id)),
    ).toMatchObject([{ studentId: amara, action: 'registered', proof: 'onboarding' }]);
    const [invite] = await t.app.db.select().from(invites).where(eq(invites.studentId, amara));
    expect(invite?.usedAt).toBeInstanceOf(Date);
  });

  it('still offers a student with a simulated passkey a real one, which it does not exclude', async () => {
    const { token, simulated } = await registerSimulated();

    const res = await h.post(API_PATHS.registerBegin, { username: 'amara' }, token);

    expect(res.statusCode).toBe(200);
    const options = ZRegistrationOptionsSchema.parse(res.json());
    expect(options.excludeCredentials?.map((c) => c.id)).not.toContain(simulated.id);
  });

  it('signs in with the simulated passkey, usernameless, and records when it was used', async () => {
    const { amara, simulated } = await registerSimulated();

    const res = await h.post(API_PATHS.authenticateComplete, {
      credential: { demo: true, challenge: await h.signInChallenge(), ...idAndSecret(simulated) },
    });

    expect(res.statusCode).toBe(200);
    const session = ZPasskeyCompleteResponseSchema.parse(res.json());
    expect(session.user).toMatchObject({ id: amara, firstName: 'Amara', sessionScope: 'student' });
    expect(await t.app.sessionTokens.verify(session.token)).toMatchObject({
      studentId: amara,
      scope: 'student',
    });
    const [stored] = await t.app.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.id, simulated.id));
    expect(stored?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('a signed-in student adds one too, proved by the session', async () => {
    const priya = await h.studentId('Priya');
    const token = await t.app.sessionTokens.issue(priya, 'student');
    const challenge = await h.registrationChallenge(token, priya);

    const res = await h.post(
      API_PATHS.registerComplete,
      { credential: { demo: true, challenge } },
      token,
    );

    expect(res.statusCode).toBe(200);
    const { simulatedCredential } = ZRegisterCompleteResponseSchema.parse(res.json());
    expect(
      await t.app.db
        .select()
        .from(credentialAuditLog)
        .where(eq(credentialAuditLog.credentialId, simulatedCredential?.id ?? '')),
    ).toMatchObject([{ studentId: priya, action: 'registered', proof: 'session' }]);
  });

  it('refuses a wrong secret, and the challenge it used is gone', async () => {
    const { simulated } = await registerSimulated();
    const challenge = await h.signInChallenge();

    const wrong = await h.post(API_PATHS.authenticateComplete, {
      credential: {
        demo: true,
        challenge,
        credentialId: simulated.id,
        secret: randomBytes(32).toString('base64url'),
      },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(REFUSED);

    const retry = await h.post(API_PATHS.authenticateComplete, {
      credential: { demo: true, challenge, ...idAndSecret(simulated) },
    });
    expect(retry.statusCode).toBe(401);
  });

  it('refuses a replayed, an expired, an unknown or a registration challenge at sign-in', async () => {
    const { token, simulated } = await registerSimulated();
    const signIn = (challenge: string) =>
      h.post(API_PATHS.authenticateComplete, {
        credential: { demo: true, challenge, ...idAndSecret(simulated) },
      });

    const challenge = await h.signInChallenge();
    expect((await signIn(challenge)).statusCode).toBe(200);
    const replayed = await signIn(challenge);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual(REFUSED);

    const expiring = await h.signInChallenge();
    await t.app.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, expiring));
    expect((await signIn(expiring)).statusCode).toBe(401);

    expect((await signIn(randomBytes(32).toString('base64url'))).statusCode).toBe(401);

    const forRegistration = await h.registrationChallenge(token);
    expect((await signIn(forRegistration)).statusCode).toBe(401);
  });

  it('refuses an unknown simulated passkey', async () => {
    const res = await h.post(API_PATHS.authenticateComplete, {
      credential: {
        demo: true,
        challenge: await h.signInChallenge(),
        credentialId: `simulated:${randomBytes(32).toString('base64url')}`,
        secret: randomBytes(32).toString('base64url'),
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(REFUSED);
  });

  it('never signs in with a real passkey id and a secret', async () => {
    const authenticator = newAuthenticator();
    const { amara, token } = await h.amaraOnboarding();
    const options = ZRegistrationOptionsSchema.parse(
      (await h.post(API_PATHS.registerBegin, { username: amara }, token)).json(),
    );
    const real = authenticator.register(options);
    expect((await h.post(API_PATHS.registerComplete, { credential: real }, token)).statusCode).toBe(
      200,
    );
    const [stored] = await t.app.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.id, real.id));
    if (!stored) throw new Error('the real passkey was not stored');

    // Not even with its public key, which is public, as the secret.
    for (const secret of [
      randomBytes(32).toString('base64url'),
      stored.publicKey.toString('base64url'),
    ]) {
      const res = await h.post(API_PATHS.authenticateComplete, {
        credential: {
          demo: true,
          challenge: await h.signInChallenge(),
          credentialId: real.id,
          secret,
        },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(REFUSED);
    }
    // Even were its stored key the hash of the secret presented, a real passkey is not simulated.
    const secret = randomBytes(32);
    await t.app.db
      .update(passkeyCredentials)
      .set({ publicKey: createHash('sha256').update(secret).digest() })
      .where(eq(passkeyCredentials.id, real.id));
    const res = await h.post(API_PATHS.authenticateComplete, {
      credential: {
        demo: true,
        challenge: await h.signInChallenge(),
        credentialId: real.id,
        secret: secret.toString('base64url'),
      },
    });
    expect(res.statusCode).toBe(401);
    const [after] = await t.app.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.id, real.id));
    expect(after?.lastUsedAt).toBeNull();
  });

  it('never lets a simulated passkey through the real verification path', async () => {
    const { amara, token, simulated } = await registerSimulated();
    const authenticator = newAuthenticator();

    // Its id is not a WebAuthn credential id: the contract refuses it as one.
    const stranger = authenticator.register({ challenge: 'AAAA', user: { id: 'x' } });
    const asReal = authenticator.authenticate(
      { challenge: await h.signInChallenge() },
      stranger.id,
    );
    const malformed = await h.post(API_PATHS.authenticateComplete, {
      credential: { ...asReal, id: simulated.id, rawId: simulated.id },
    });
    expect(malformed.statusCode).toBe(400);

    // And a credential stored as simulated never passes a signature check, even a valid one.
    const options = ZRegistrationOptionsSchema.parse(
      (await h.post(API_PATHS.registerBegin, { username: amara }, token)).json(),
    );
    const real = authenticator.register(options);
    expect((await h.post(API_PATHS.registerComplete, { credential: real }, token)).statusCode).toBe(
      200,
    );
    const signIn = async () =>
      h.post(API_PATHS.authenticateComplete, {
        credential: authenticator.authenticate({ challenge: await h.signInChallenge() }, real.id),
      });
    await t.app.db
      .update(passkeyCredentials)
      .set({ deviceType: 'simulated' })
      .where(eq(passkeyCredentials.id, real.id));
    const refused = await signIn();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(REFUSED);
    await t.app.db
      .update(passkeyCredentials)
      .set({ deviceType: 'singleDevice' })
      .where(eq(passkeyCredentials.id, real.id));
    expect((await signIn()).statusCode).toBe(200);
  });

  it('refuses a replayed, an expired, a sign-in or another student’s challenge at registration, storing nothing', async () => {
    const { token } = await h.amaraOnboarding();
    const register = (challenge: string) =>
      h.post(API_PATHS.registerComplete, { credential: { demo: true, challenge } }, token);

    const challenge = await h.registrationChallenge(token);
    expect((await register(challenge)).statusCode).toBe(200);
    await t.app.db.update(invites).set({ usedAt: null });
    const before = await h.rowCounts();

    const replayed = await register(challenge);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual(EXPIRED);

    const expiring = await h.registrationChallenge(token);
    await t.app.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, expiring));
    expect((await register(expiring)).statusCode).toBe(400);

    expect((await register(await h.signInChallenge())).statusCode).toBe(400);

    const priya = await h.studentId('Priya');
    const priyaToken = await t.app.sessionTokens.issue(priya, 'student');
    const priyas = await h.registrationChallenge(priyaToken, priya);
    expect((await register(priyas)).statusCode).toBe(400);

    expect(await h.rowCounts()).toEqual(before);
    expect(await h.unusedInvites()).toBeGreaterThan(0);
    const [invite] = await t.app.db
      .select()
      .from(invites)
      .where(eq(invites.studentId, await h.studentId('Amara')));
    expect(invite?.usedAt).toBeNull();
  });

  it('applies the same rule of who may register: a session, its own student, the identity check passed', async () => {
    const { amara, token } = await h.amaraOnboarding();
    const challenge = await h.registrationChallenge(token);

    const anonymous = await h.post(API_PATHS.registerComplete, {
      credential: { demo: true, challenge },
    });
    expect(anonymous.statusCode).toBe(401);

    const priya = await h.studentId('Priya');
    const otherStudent = await h.post(
      API_PATHS.registerComplete,
      { credential: { demo: true, challenge }, userId: priya },
      token,
    );
    expect(otherStudent.statusCode).toBe(403);

    await changeStudents(t.app, eq(students.id, amara), { faceVerified: false });
    const unverified = await h.post(
      API_PATHS.registerComplete,
      { credential: { demo: true, challenge } },
      token,
    );
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({
      message: 'Please complete identity verification before creating a passkey.',
    });
    expect(await h.rowCounts()).toEqual({ credentials: 0, audit: 0 });
  });

  it('refuses a disabled student’s simulated passkey at sign-in', async () => {
    const { amara, simulated } = await registerSimulated();
    await changeStudents(t.app, eq(students.id, amara), { disabledAt: new Date() });
    try {
      const res = await h.post(API_PATHS.authenticateComplete, {
        credential: { demo: true, challenge: await h.signInChallenge(), ...idAndSecret(simulated) },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await changeStudents(t.app, eq(students.id, amara), { disabledAt: null });
    }
  });
});

const idAndSecret = (simulated: { id: string; secret: string }) => ({
  credentialId: simulated.id,
  secret: simulated.secret,
});

describe.each(
  testDatabaseKinds().flatMap((kind) => [
    { kind, server: 'DEMO_MODE=false', env: { DEMO_MODE: 'false' } },
    {
      kind,
      server: 'NODE_ENV=production',
      env: {
        NODE_ENV: 'production',
        PUBLIC_ORIGIN: PASSKEY_ORIGIN,
        SIMULATED_IDENTITY_PROVIDER: 'true',
        SMTP_URL: 'smtp://mail.example.com:587',
        NOTIFICATION_WORKER: 'false',
      },
    },
  ]),
)('simulated passkeys on $kind.name with $server', ({ kind, env }) => {
  let t: TestApp;
  const h = harness(() => t);

  beforeAll(async () => {
    t = await startTestApp(kind, env);
    // Outside demo mode no demo person gets in at all (security/demo-access.api.test.ts): here
    // the seeded students stand for real ones, so what is refused is the simulated passkey.
    await t.app.db.update(students).set({ demo: null });
  });
  afterAll(() => t.close());

  it('are refused at registration, and nothing is stored', async () => {
    const { amara, token } = await h.amaraOnboarding();
    const challenge = await h.registrationChallenge(token);

    const res = await h.post(
      API_PATHS.registerComplete,
      { credential: { demo: true, challenge }, userId: amara },
      token,
    );

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(UNAVAILABLE);
    expect(await h.rowCounts()).toEqual({ credentials: 0, audit: 0 });
    const [invite] = await t.app.db.select().from(invites).where(eq(invites.studentId, amara));
    expect(invite?.usedAt).toBeNull();
  });

  it('are refused at sign-in, even one stored while demo mode was on', async () => {
    // A simulated passkey left in the database from a demo: it must not open a session here.
    const amara = await h.studentId('Amara');
    const secret = randomBytes(32);
    const id = `simulated:${randomBytes(32).toString('base64url')}`;
    await t.app.db.insert(passkeyCredentials).values({
      id,
      studentId: amara,
      publicKey: createHash('sha256').update(secret).digest(),
      deviceType: 'simulated',
    });
    try {
      const res = await h.post(API_PATHS.authenticateComplete, {
        credential: {
          demo: true,
          challenge: await h.signInChallenge(),
          credentialId: id,
          secret: secret.toString('base64url'),
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(UNAVAILABLE);
    } finally {
      await t.app.db.delete(passkeyCredentials);
    }
  });

  it('leave real passkeys working', async () => {
    const authenticator = newAuthenticator();
    const { amara, token } = await h.amaraOnboarding();
    const options = ZRegistrationOptionsSchema.parse(
      (await h.post(API_PATHS.registerBegin, { username: amara }, token)).json(),
    );
    const credential = authenticator.register(options);
    const registered = await h.post(API_PATHS.registerComplete, { credential }, token);
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).not.toHaveProperty('simulatedCredential');

    const res = await h.post(API_PATHS.authenticateComplete, {
      credential: authenticator.authenticate(
        { challenge: await h.signInChallenge() },
        credential.id,
      ),
    });
    expect(res.statusCode).toBe(200);
  });
});
