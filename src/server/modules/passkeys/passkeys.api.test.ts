import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZLoginResponseSchema } from '../../../shared/auth.js';
import {
  verificationStatusPath,
  verifyWithProviderPath,
} from '../../../shared/identity-verification.js';
import { dateOfBirthToUtcTimestamp } from '../../../shared/onboarding.js';
import {
  ZAuthenticationOptionsSchema,
  ZPasskeyCompleteResponseSchema,
  ZRegistrationOptionsSchema,
} from '../../../shared/passkeys.js';
import {
  credentialAuditLog,
  invites,
  passkeyCredentials,
  students,
  webauthnChallenges,
} from '../../db/schema.js';
import { ONBOARDING_DEMO_STUDENT } from '../../db/demo-identities.js';
import { onboardingSessionFor, PASSKEY_ORIGIN, passkeySuite } from '../../test/passkey-students.js';
import { SoftwareAuthenticator } from '../../test/software-authenticator.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';
import { LOOKUP_PROOF_COOKIE } from '../onboarding/lookup-proof.js';
import { changeStudents } from '../../test/seeded-students.js';

const SIGN_IN_REFUSED = { message: 'Authentication failed. Please try again.' };

describe.each(testDatabaseKinds())('passkeys on $name', (kind) => {
  const suite = passkeySuite(kind);

  const post = (app: FastifyInstance, url: string, payload: object, token?: string) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const onboardingToken = (studentId = suite.amara) => onboardingSessionFor(suite.t.app, studentId);
  const credentialCount = async () =>
    (await suite.t.app.db.select({ n: count() }).from(passkeyCredentials))[0]?.n;
  const storedPasskey = async (credentialId: string) => {
    const [stored] = await suite.t.app.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.id, credentialId));
    return stored;
  };
  const signInOptions = async () =>
    ZAuthenticationOptionsSchema.parse(
      (await post(suite.t.app, API_PATHS.authenticateBegin, {})).json(),
    );
  /** An authenticator elsewhere that holds a copy of the key of `credentialId`. */
  const withCopiedKey = (credentialId: string, elsewhere: SoftwareAuthenticator) => {
    const key = suite.authenticator.keys.get(credentialId);
    if (!key) throw new Error('registered key missing');
    elsewhere.keys.set(credentialId, key);
    return elsewhere;
  };

  async function beginRegistration(token: string, app = suite.t.app) {
    const res = await post(
      app,
      API_PATHS.registerBegin,
      { username: suite.amara, userId: suite.amara, displayName: 'amara@example.com' },
      token,
    );
    expect(res.statusCode).toBe(200);
    return ZRegistrationOptionsSchema.parse(res.json());
  }

  async function registerPasskey() {
    const token = await onboardingToken();
    const options = await beginRegistration(token);
    const credential = suite.authenticator.register(options);
    const res = await post(
      suite.t.app,
      API_PATHS.registerComplete,
      { credential, username: 'amara@example.com', userId: suite.amara },
      token,
    );
    expect(res.statusCode).toBe(200);
    return credential.id;
  }

  async function signIn(credentialId: string, overrides: { counter?: number } = {}) {
    const options = ZAuthenticationOptionsSchema.parse(
      (await post(suite.t.app, API_PATHS.authenticateBegin, {})).json(),
    );
    return post(suite.t.app, API_PATHS.authenticateComplete, {
      credential: suite.authenticator.authenticate(options, credentialId, overrides),
    });
  }

  it('registers a passkey in onboarding with the spec options, then signs in with it, usernameless', async () => {
    // No experimental API is asked for (Node 24 warns when one is: ML-DSA, docs/decisions/015).
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    onTestFinished(() => {
      process.off('warning', onWarning);
      expect(warnings).toEqual([]);
    });
    const token = await onboardingToken();
    const options = await beginRegistration(token);
    // EdDSA, ES256, RS256: signatures Node verifies with stable APIs.
    expect(options.pubKeyCredParams.map((param) => param.alg)).toEqual([-8, -7, -257]);
    expect(options).toMatchObject({
      timeout: 60_000,
      attestation: 'none',
      rp: { id: 'localhost', name: 'F-1 Student Portal' },
      authenticatorSelection: {
        authenticatorAttachment: 'platform',
        residentKey: 'required',
        userVerification: 'required',
      },
    });
    expect(Buffer.from(options.challenge, 'base64url').length).toBeGreaterThanOrEqual(16);

    const credential = suite.authenticator.register(options);
    const registered = await post(
      suite.t.app,
      API_PATHS.registerComplete,
      { credential, userId: suite.amara },
      token,
    );
    expect(registered.statusCode).toBe(200);
    const body = ZPasskeyCompleteResponseSchema.parse(registered.json());
    expect(body.user).toMatchObject({ id: suite.amara, firstName: 'Amara' });
    expect(await suite.t.app.sessionTokens.verify(body.token)).toMatchObject({
      studentId: suite.amara,
      scope: 'student',
    });
    const [invite] = await suite.t.app.db
      .select()
      .from(invites)
      .where(eq(invites.studentId, suite.amara));
    expect(invite?.usedAt).toBeInstanceOf(Date);
    const audit = await suite.t.app.db
      .select()
      .from(credentialAuditLog)
      .where(eq(credentialAuditLog.credentialId, credential.id));
    expect(audit).toMatchObject([
      { studentId: suite.amara, action: 'registered', proof: 'onboarding' },
    ]);

    const begin = ZAuthenticationOptionsSchema.parse(
      (await post(suite.t.app, API_PATHS.authenticateBegin, {})).json(),
    );
    expect(begin).toMatchObject({
      rpId: 'localhost',
      allowCredentials: [],
      userVerification: 'preferred',
      timeout: 60_000,
    });
    for (const expectedCounter of [1, 2]) {
      const res = await signIn(credential.id);
      expect(res.statusCode).toBe(200);
      const session = ZPasskeyCompleteResponseSchema.parse(res.json());
      expect(session.user.id).toBe(suite.amara);
      const [stored] = await suite.t.app.db
        .select()
        .from(passkeyCredentials)
        .where(eq(passkeyCredentials.id, credential.id));
      expect(stored?.counter).toBe(expectedCounter);
    }
  });

  it('refuses a replayed registration challenge and stores nothing', async () => {
    const token = await onboardingToken();
    const options = await beginRegistration(token);
    const first = await post(
      suite.t.app,
      API_PATHS.registerComplete,
      { credential: suite.authenticator.register(options) },
      token,
    );
    expect(first.statusCode).toBe(200);
    // Replayed by the signed-in student, since the onboarding session ended with that passkey.
    const signedIn = ZPasskeyCompleteResponseSchema.parse(first.json()).token;
    const replay = suite.authenticator.register(options);
    const res = await post(
      suite.t.app,
      API_PATHS.registerComplete,
      { credential: replay },
      signedIn,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: expect.stringMatching(/expired or was already used/) as unknown,
    });
    expect(await credentialCount()).toBe(1);
  });

  it('refuses an expired challenge', async () => {
    const token = await onboardingToken();
    const options = await beginRegistration(token);
    await suite.t.app.db.update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await post(
      suite.t.app,
      API_PATHS.registerComplete,
      { credential: suite.authenticator.register(options) },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(await credentialCount()).toBe(0);
  });

  it('refuses a challenge of another purpose or another student', async () => {
    const token = await onboardingToken();
    const signInOptions = ZAuthenticationOptionsSchema.parse(
      (await post(suite.t.app, API_PATHS.authenticateBegin, {})).json(),
    );
    const wrongPurpose = suite.authenticator.register({
      challenge: signInOptions.challenge,
      user: { id: 'x' },
    });
    expect(
      (await post(suite.t.app, API_PATHS.registerComplete, { credential: wrongPurpose }, token))
        .statusCode,
    ).toBe(400);

    const priyaToken = await suite.t.app.sessionTokens.issue(suite.priya, 'student');
    const priyaBegin = await post(
      suite.t.app,
      API_PATHS.registerBegin,
      { username: suite.priya },
      priyaToken,
    );
    const optionsForPriya = ZRegistrationOptionsSchema.parse(priyaBegin.json());
    const stolen = suite.authenticator.register(optionsForPriya);
    expect(
      (await post(suite.t.app, API_PATHS.registerComplete, { credential: stolen }, token))
        .statusCode,
    ).toBe(400);
    expect(await credentialCount()).toBe(0);
  });

  it('refuses a response made for another origin, and burns the challenge', async () => {
    const token = await onboardingToken();
    const options = await beginRegistration(token);
    const phished = suite.authenticator.register(options, {
      origin: 'https://portal-login.example.net',
    });
    const res = await post(suite.t.app, API_PATHS.registerComplete, { credential: phished }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The passkey could not be verified. Please try again.' });
    const retry = await post(
      suite.t.app,
      API_PATHS.registerComplete,
      { credential: suite.authenticator.register(options) },
      token,
    );
    expect(retry.statusCode).toBe(400);
    expect(await credentialCount()).toBe(0);
  });

  it('refuses a passkey without user verification, at registration and at sign-in', async () => {
    const token = await onboardingToken();
    const noPin = new SoftwareAuthenticator({
      origin: PASSKEY_ORIGIN,
      rpId: 'localhost',
      userVerification: false,
    });
    const res = await post(
      suite.t.app,
      API_PATHS.registerComplete,
      { credential: noPin.register(await beginRegistration(token)) },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(await credentialCount()).toBe(0);

    const credentialId = await registerPasskey();
    withCopiedKey(credentialId, noPin);
    const refused = await post(suite.t.app, API_PATHS.authenticateComplete, {
      credential: noPin.authenticate(await signInOptions(), credentialId),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(SIGN_IN_REFUSED);
    // The refused assertion counted 1: the stored counter stays where the last accepted one left it.
    expect(await storedPasskey(credentialId)).toMatchObject({ counter: 0, lastUsedAt: null });
  });

  it('refuses a sign-in made for another origin, and changes nothing stored', async () => {
    const credentialId = await registerPasskey();
    const phished = withCopiedKey(
      credentialId,
      new SoftwareAuthenticator({ origin: 'https://portal-login.example.net', rpId: 'localhost' }),
    );
    const refused = await post(suite.t.app, API_PATHS.authenticateComplete, {
      credential: phished.authenticate(await signInOptions(), credentialId),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(SIGN_IN_REFUSED);
    expect(await storedPasskey(credentialId)).toMatchObject({ counter: 0, lastUsedAt: null });
    // The same key on the right origin, a count later, is accepted: only the origin was wrong.
    expect((await signIn(credentialId)).statusCode).toBe(200);
  });

  it('refuses a replayed sign-in challenge, even freshly signed with a higher count', async () => {
    const credentialId = await registerPasskey();
    const options = await signInOptions();
    const first = suite.authenticator.authenticate(options, credentialId);
    expect(
      (await post(suite.t.app, API_PATHS.authenticateComplete, { credential: first })).statusCode,
    ).toBe(200);
    for (const replay of [first, suite.authenticator.authenticate(options, credentialId)]) {
      const res = await post(suite.t.app, API_PATHS.authenticateComplete, { credential: replay });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(SIGN_IN_REFUSED);
    }
    expect((await storedPasskey(credentialId))?.counter).toBe(1);
  });

  it('accepts a synced passkey whose signature counter stays 0, again and again', async () => {
    // Synced passkeys (iCloud Keychain, Google Password Manager) report no count at all.
    const credentialId = await registerPasskey();
    for (let i = 0; i < 3; i += 1) {
      const res = await signIn(credentialId, { counter: 0 });
      expect(res.statusCode).toBe(200);
      expect(ZPasskeyCompleteResponseSchema.parse(res.json()).user.id).toBe(suite.amara);
    }
    const stored = await storedPasskey(credentialId);
    expect(stored?.counter).toBe(0);
    expect(stored?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses a signature counter that went backwards (a cloned authenticator)', async () => {
    const credentialId = await registerPasskey();
    expect((await signIn(credentialId, { counter: 5 })).statusCode).toBe(200);
    const cloned = await signIn(credentialId, { counter: 3 });
    expect(cloned.statusCode).toBe(401);
    const [stored] = await suite.t.app.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.id, credentialId));
    expect(stored?.counter).toBe(5);
  });

  it('refuses a second registration of the same credential', async () => {
    const credentialId = await registerPasskey();
    // Signed in with a passkey a moment ago, so it may add one (decision 013).
    const token = await suite.t.app.sessionTokens.issue(
      suite.amara,
      'student',
      undefined,
      new Date(),
    );
    const again = suite.authenticator.register(await beginRegistration(token), { credentialId });
    const res = await post(suite.t.app, API_PATHS.registerComplete, { credential: again }, token);
    expect(res.statusCode).toBe(409);
    expect(await credentialCount()).toBe(1);
  });

  it('never lets a username, a student id or an unverified onboarding attach a passkey', async () => {
    const anonymous = await post(suite.t.app, API_PATHS.registerBegin, {
      username: suite.amara,
      userId: suite.amara,
    });
    expect(anonymous.statusCode).toBe(401);
    const onboarding = await onboardingToken();
    const otherStudent = await post(
      suite.t.app,
      API_PATHS.registerBegin,
      { username: suite.priya, userId: suite.priya },
      onboarding,
    );
    expect(otherStudent.statusCode).toBe(403);
    const [lucas] = await suite.t.app.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.firstName, 'Lucas'));
    await changeStudents(suite.t.app, eq(students.id, lucas?.id ?? ''), { faceVerified: false });
    const unverified = await post(
      suite.t.app,
      API_PATHS.registerBegin,
      { username: 'x' },
      await onboardingToken(lucas?.id),
    );
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({
      message: 'Please complete identity verification before creating a passkey.',
    });
    expect(await credentialCount()).toBe(0);
  });

  it('ends the onboarding session with the first passkey: its token and lookup proof are refused everywhere', async () => {
    const lookup = await suite.t.app.inject({
      method: 'POST',
      url: API_PATHS.getStudentId,
      payload: {
        invite_code: ONBOARDING_DEMO_STUDENT.inviteCode,
        passport_number: ONBOARDING_DEMO_STUDENT.passportNumber,
        date_of_birth: dateOfBirthToUtcTimestamp(ONBOARDING_DEMO_STUDENT.dateOfBirth),
      },
    });
    const proof = lookup.cookies.find((c) => c.name === LOOKUP_PROOF_COOKIE)?.value ?? '';
    const verifyUser = () =>
      suite.t.app.inject({
        method: 'POST',
        url: API_PATHS.verifyUser,
        payload: { studentId: suite.amara },
        cookies: { [LOOKUP_PROOF_COOKIE]: proof },
      });
    const onboarding = ZLoginResponseSchema.parse((await verifyUser()).json()).token;
    const options = await beginRegistration(onboarding);
    // Begun while the onboarding was open, to be completed after it ended.
    const second = await beginRegistration(onboarding);
    const registered = await post(
      suite.t.app,
      API_PATHS.registerComplete,
      { credential: suite.authenticator.register(options) },
      onboarding,
    );
    expect(registered.statusCode).toBe(200);
    const full = ZPasskeyCompleteResponseSchema.parse(registered.json()).token;

    const withToken = (token: string) => ({ authorization: `Bearer ${token}` });
    const attempts = {
      'register/begin': () =>
        post(suite.t.app, API_PATHS.registerBegin, { username: suite.amara }, onboarding),
      'register/complete': () =>
        post(
          suite.t.app,
          API_PATHS.registerComplete,
          { credential: suite.authenticator.register(second) },
          onboarding,
        ),
      'veriff/session': () => post(suite.t.app, API_PATHS.veriffSession, {}, onboarding),
      'veriff/status': () =>
        suite.t.app.inject({
          method: 'GET',
          url: verificationStatusPath(suite.amara),
          headers: withToken(onboarding),
        }),
      'auth/verify-face': () =>
        suite.t.app.inject({
          method: 'POST',
          url: API_PATHS.verifyFace,
          headers: withToken(onboarding),
        }),
      'veriff/verify': () =>
        suite.t.app.inject({
          method: 'POST',
          url: verifyWithProviderPath('any-session'),
          headers: withToken(onboarding),
        }),
      'user/profile': () =>
        suite.t.app.inject({
          method: 'GET',
          url: API_PATHS.userProfile,
          headers: withToken(onboarding),
        }),
    };
    for (const [route, attempt] of Object.entries(attempts)) {
      const res = await attempt();
      expect({ route, status: res.statusCode, body: res.json<unknown>() }).toEqual({
        route,
        status: 401,
        body: { message: UNAUTHORIZED_MESSAGE },
      });
    }
    const again = await verifyUser();
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: expect.stringMatching(/expired/) as unknown });
    expect(await credentialCount()).toBe(1);

    // The full session the passkey gave is unaffected, and may add a passkey of its own.
    const profile = await suite.t.app.inject({
      method: 'GET',
      url: API_PATHS.userProfile,
      headers: withToken(full),
    });
    expect(profile.json()).toMatchObject({ id: suite.amara, sessionScope: 'student' });
    const added = await post(
      suite.t.app,
      API_PATHS.registerComplete,
      { credential: suite.authenticator.register(await beginRegistration(full)) },
      full,
    );
    expect(added.statusCode).toBe(200);
    expect(await credentialCount()).toBe(2);
  });

  it('lets only one of two concurrent registrations on one onboarding session store a passkey', async () => {
    const auditRows = async () =>
      (await suite.t.app.db.select({ n: count() }).from(credentialAuditLog))[0]?.n ?? 0;
    const auditBefore = await auditRows();
    const token = await onboardingToken();
    const ceremonies = [await beginRegistration(token), await beginRegistration(token)];
    const results = await Promise.all(
      ceremonies.map((options) =>
        post(
          suite.t.app,
          API_PATHS.registerComplete,
          { credential: suite.authenticator.register(options) },
          token,
        ),
      ),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 401]);
    expect(await credentialCount()).toBe(1);
    expect(await auditRows()).toBe(auditBefore + 1);
  });

  it('refuses a sign-in with a credential nobody registered', async () => {
    const stranger = new SoftwareAuthenticator({ origin: PASSKEY_ORIGIN, rpId: 'localhost' });
    const unknown = stranger.register({ challenge: 'AAAA', user: { id: 'x' } });
    const options = ZAuthenticationOptionsSchema.parse(
      (await post(suite.t.app, API_PATHS.authenticateBegin, {})).json(),
    );
    const res = await post(suite.t.app, API_PATHS.authenticateComplete, {
      credential: stranger.authenticate(options, unknown.id),
    });
    expect(res.statusCode).toBe(401);
  });

  it.runIf(kind.name === 'postgres')(
    'serves one ceremony across two server instances',
    async () => {
      const other = await suite.t.secondInstance();
      const token = await onboardingToken();
      const options = await beginRegistration(token, suite.t.app);
      const credential = suite.authenticator.register(options);
      expect(
        (await post(other, API_PATHS.registerComplete, { credential }, token)).statusCode,
      ).toBe(200);
      const signInOptions = ZAuthenticationOptionsSchema.parse(
        (await post(other, API_PATHS.authenticateBegin, {})).json(),
      );
      const res = await post(suite.t.app, API_PATHS.authenticateComplete, {
        credential: suite.authenticator.authenticate(signInOptions, credential.id),
      });
      expect(res.statusCode).toBe(200);
    },
  );
});
