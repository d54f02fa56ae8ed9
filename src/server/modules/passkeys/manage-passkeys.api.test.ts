import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import {
  PASSKEY_CHANGE_MESSAGES,
  PASSKEY_CONFIRMATION_WINDOW_MS,
  ZAuthenticationOptionsSchema,
  ZPasskeyCompleteResponseSchema,
  ZPasskeyListResponseSchema,
  ZRegistrationOptionsSchema,
  ZRemovePasskeyResponseSchema,
} from '../../../shared/passkeys.js';
import {
  credentialAuditLog,
  invites,
  notifications,
  passkeyCredentials,
  students,
} from '../../db/schema.js';
import { onboardingTokenFor } from '../../test/onboarding-token.js';
import { passkeySuite } from '../../test/passkey-students.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { signIn as demoLogin } from '../../test/sign-in.js';
import { UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';

/**
 * docs/security-tests.md, issue 19 finding 3 (decision 013): a session token alone must not become a passkey of its own (which would
 * outlive the token's logout and expiry). Adding a passkey to an account that has one, and
 * removing one, need a passkey assertion of the last few minutes (decision 013); the student
 * sees and removes their passkeys, may sign out their other devices, and every change is audited.
 */

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const CONFIRM_FIRST = { message: PASSKEY_CHANGE_MESSAGES.confirmationRequired };

describe.each(testDatabaseKinds())("a student's own passkeys on $name", (kind) => {
  const suite = passkeySuite(kind);
  beforeEach(async () => {
    await suite.t.app.db.update(students).set({ tokensValidAfter: null });
  });

  const send = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    { token, payload, userAgent }: { token?: string; payload?: object; userAgent?: string } = {},
  ) =>
    suite.t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(userAgent ? { 'user-agent': userAgent } : {}),
      },
    });

  /** A full session that never proved itself with a passkey, as a demo login's. */
  const unconfirmedToken = (studentId: string) =>
    suite.t.app.sessionTokens.issue(studentId, 'student');
  /** A passkey sign-in of a moment more than the window ago. */
  const staleToken = (studentId: string) =>
    suite.t.app.sessionTokens.issue(
      studentId,
      'student',
      undefined,
      new Date(Date.now() - PASSKEY_CONFIRMATION_WINDOW_MS - 1000),
    );

  const registrationOptions = async (token: string, studentId: string) => {
    const res = await send('POST', API_PATHS.registerBegin, {
      token,
      payload: { username: studentId },
    });
    expect(res.statusCode).toBe(200);
    return ZRegistrationOptionsSchema.parse(res.json());
  };

  /** Registers a passkey with `token`; answers the response and the new credential's id. */
  const addPasskey = async (
    token: string,
    studentId: string,
    extra: { signOutOtherDevices?: boolean; userAgent?: string } = {},
  ) => {
    const credential = suite.authenticator.register(await registrationOptions(token, studentId));
    const res = await send('POST', API_PATHS.registerComplete, {
      token,
      payload: { credential, signOutOtherDevices: extra.signOutOtherDevices },
      userAgent: extra.userAgent,
    });
    return { res, credentialId: credential.id };
  };

  /** The student's first passkey, through their onboarding session, and the session it gives. */
  const onboard = async (studentId: string) => {
    const { res, credentialId } = await addPasskey(
      await onboardingTokenFor(suite.t.app, studentId),
      studentId,
    );
    expect(res.statusCode).toBe(200);
    return { credentialId, token: ZPasskeyCompleteResponseSchema.parse(res.json()).token };
  };

  const signIn = async (credentialId: string) => {
    const options = ZAuthenticationOptionsSchema.parse(
      (await send('POST', API_PATHS.authenticateBegin, { payload: {} })).json(),
    );
    const res = await send('POST', API_PATHS.authenticateComplete, {
      payload: { credential: suite.authenticator.authenticate(options, credentialId) },
    });
    expect(res.statusCode).toBe(200);
    return ZPasskeyCompleteResponseSchema.parse(res.json()).token;
  };

  const confirmationOptions = async (token: string) => {
    const res = await send('POST', API_PATHS.confirmBegin, { token, payload: {} });
    expect(res.statusCode).toBe(200);
    return ZAuthenticationOptionsSchema.parse(res.json());
  };

  const remove = (token: string, credentialId: string, signOutOtherDevices?: boolean) =>
    send('DELETE', apiPath(API_PATHS.passkey, { id: credentialId }), {
      token,
      ...(signOutOtherDevices === undefined ? {} : { payload: { signOutOtherDevices } }),
    });

  const passkeysOf = async (studentId: string) =>
    (
      await suite.t.app.db
        .select({ id: passkeyCredentials.id })
        .from(passkeyCredentials)
        .where(eq(passkeyCredentials.studentId, studentId))
    ).map((row) => row.id);

  const auditRows = () =>
    suite.t.app.db
      .select({
        studentId: credentialAuditLog.studentId,
        credentialId: credentialAuditLog.credentialId,
        action: credentialAuditLog.action,
        proof: credentialAuditLog.proof,
      })
      .from(credentialAuditLog)
      .orderBy(asc(credentialAuditLog.id));

  /** Whether a token still opens a full-session route. */
  const holds = async (token: string) =>
    (await send('GET', API_PATHS.passkeys, { token })).statusCode === 200;

  it('refuses a second passkey to a session that has not just proved it is the student, storing nothing', async () => {
    const { credentialId } = await onboard(suite.amara);
    const fresh = await signIn(credentialId);
    for (const [session, token] of [
      ['a session with no passkey proof (a demo login, say)', await unconfirmedToken(suite.amara)],
      ['a passkey sign-in older than the window', await staleToken(suite.amara)],
    ] as const) {
      const begin = await send('POST', API_PATHS.registerBegin, {
        token,
        payload: { username: suite.amara },
      });
      expect({ session, status: begin.statusCode, body: begin.json<unknown>() }).toEqual({
        session,
        status: 403,
        body: CONFIRM_FIRST,
      });
      // A ceremony begun by a fresh session cannot be finished by this one either.
      const credential = suite.authenticator.register(
        await registrationOptions(fresh, suite.amara),
      );
      const complete = await send('POST', API_PATHS.registerComplete, {
        token,
        payload: { credential },
      });
      expect({ session, status: complete.statusCode, body: complete.json<unknown>() }).toEqual({
        session,
        status: 403,
        body: CONFIRM_FIRST,
      });
    }
    expect(await passkeysOf(suite.amara)).toEqual([credentialId]);
    expect(await auditRows()).toHaveLength(1);
  });

  it("lets a demo login add an account's first passkey, but not a second", async () => {
    const login = await demoLogin(suite.t.app);
    // A copy of the persona of its own (decision 014), with no passkey yet.
    const visitor = login.id;
    expect(visitor).not.toBe(suite.priya);
    const first = await addPasskey(login.token, visitor);
    expect(first.res.statusCode).toBe(200);
    const renewed = ZPasskeyCompleteResponseSchema.parse(first.res.json()).token;
    for (const token of [login.token, renewed]) {
      const begin = await send('POST', API_PATHS.registerBegin, {
        token,
        payload: { username: visitor },
      });
      expect(begin.statusCode).toBe(403);
      expect(begin.json()).toEqual(CONFIRM_FIRST);
    }
    expect(await passkeysOf(visitor)).toEqual([first.credentialId]);
    expect(await auditRows()).toEqual([
      {
        studentId: visitor,
        credentialId: first.credentialId,
        action: 'registered',
        proof: 'session',
      },
    ]);
  });

  it('still adds the first passkey with the onboarding proof, using up its invite', async () => {
    const { credentialId, token } = await onboard(suite.amara);
    expect(await passkeysOf(suite.amara)).toEqual([credentialId]);
    expect(await auditRows()).toEqual([
      { studentId: suite.amara, credentialId, action: 'registered', proof: 'onboarding' },
    ]);
    const open = await suite.t.app.db
      .select({ id: invites.id })
      .from(invites)
      .where(and(eq(invites.studentId, suite.amara), isNull(invites.usedAt)));
    expect(open).toEqual([]);
    // The session it gives proved who the student is just now.
    expect((await addPasskey(token, suite.amara)).res.statusCode).toBe(200);
  });

  it('adds a second passkey after a fresh passkey sign-in, named after the device, with its audit row', async () => {
    const { credentialId } = await onboard(suite.amara);
    const token = await signIn(credentialId);
    const second = await addPasskey(token, suite.amara, { userAgent: ANDROID_CHROME });
    expect(second.res.statusCode).toBe(200);
    const [stored] = await suite.t.app.db
      .select({ name: passkeyCredentials.name })
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.id, second.credentialId));
    expect(stored?.name).toBe('Chrome on Android');
    expect((await auditRows()).at(-1)).toEqual({
      studentId: suite.amara,
      credentialId: second.credentialId,
      action: 'registered',
      proof: 'passkey',
    });
  });

  it("a signed-in student's second passkey leaves their open invite open", async () => {
    const { credentialId } = await onboard(suite.amara);
    // A new code the consultancy issued that she has not used (written here without the recovery
    // a new invite also does, to see what a registration does to an open invite).
    const [open] = await suite.t.app.db
      .insert(invites)
      .values({
        studentId: suite.amara,
        codeHash: randomBytes(32).toString('hex'),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: invites.id });
    const second = await addPasskey(await signIn(credentialId), suite.amara);
    expect(second.res.statusCode).toBe(200);
    const [invite] = await suite.t.app.db
      .select({ usedAt: invites.usedAt })
      .from(invites)
      .where(eq(invites.id, open?.id ?? 0));
    expect(invite).toEqual({ usedAt: null });
  });

  it('confirming with one of her passkeys renews the session: the new token may add a passkey, the old one is ended', async () => {
    const { credentialId } = await onboard(suite.amara);
    const old = await unconfirmedToken(suite.amara);
    const options = await confirmationOptions(old);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([credentialId]);
    const confirmed = await send('POST', API_PATHS.confirmComplete, {
      token: old,
      payload: { credential: suite.authenticator.authenticate(options, credentialId) },
    });
    expect(confirmed.statusCode).toBe(200);
    const { token, user } = ZPasskeyCompleteResponseSchema.parse(confirmed.json());
    expect(user).toMatchObject({ id: suite.amara, sessionScope: 'student' });

    expect(await holds(old)).toBe(false);
    expect((await send('GET', API_PATHS.passkeys, { token: old })).json()).toEqual({
      message: UNAUTHORIZED_MESSAGE,
    });
    expect((await addPasskey(token, suite.amara)).res.statusCode).toBe(200);
    const [used] = await suite.t.app.db
      .select({ lastUsedAt: passkeyCredentials.lastUsedAt })
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.id, credentialId));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("a confirmation takes only the student's own passkey, on a challenge made for it", async () => {
    const { credentialId: amaraKey } = await onboard(suite.amara);
    const { credentialId: priyaKey } = await onboard(suite.priya);
    const token = await unconfirmedToken(suite.amara);
    const refused = { message: PASSKEY_CHANGE_MESSAGES.confirmationFailed };

    const othersKey = await send('POST', API_PATHS.confirmComplete, {
      token,
      payload: {
        credential: suite.authenticator.authenticate(await confirmationOptions(token), priyaKey),
      },
    });
    expect(othersKey.statusCode).toBe(403);
    expect(othersKey.json()).toEqual(refused);

    const signInChallenge = ZAuthenticationOptionsSchema.parse(
      (await send('POST', API_PATHS.authenticateBegin, { payload: {} })).json(),
    );
    const wrongPurpose = await send('POST', API_PATHS.confirmComplete, {
      token,
      payload: { credential: suite.authenticator.authenticate(signInChallenge, amaraKey) },
    });
    expect(wrongPurpose.statusCode).toBe(403);
    expect(wrongPurpose.json()).toEqual(refused);

    // Nor does a confirmation sign anyone in.
    const signInWithConfirmation = await send('POST', API_PATHS.authenticateComplete, {
      payload: {
        credential: suite.authenticator.authenticate(await confirmationOptions(token), amaraKey),
      },
    });
    expect(signInWithConfirmation.statusCode).toBe(401);

    // The session itself goes on, unconfirmed.
    expect(await holds(token)).toBe(true);
    expect(
      (await send('POST', API_PATHS.registerBegin, { token, payload: { username: suite.amara } }))
        .statusCode,
    ).toBe(403);
  });

  it("lists only the student's own passkeys, with each one's name, creation and last use", async () => {
    const { credentialId: first } = await onboard(suite.amara);
    const token = await signIn(first);
    const { credentialId: second } = await addPasskey(token, suite.amara, {
      userAgent: ANDROID_CHROME,
    });
    const { credentialId: priyaKey } = await onboard(suite.priya);

    const amaraList = ZPasskeyListResponseSchema.parse(
      (await send('GET', API_PATHS.passkeys, { token })).json(),
    );
    expect(amaraList.passkeys).toEqual([
      {
        id: first,
        name: 'Passkey',
        createdAt: expect.any(String) as unknown,
        lastUsedAt: expect.any(String) as unknown,
      },
      {
        id: second,
        name: 'Chrome on Android',
        createdAt: expect.any(String) as unknown,
        lastUsedAt: null,
      },
    ]);
    for (const passkey of amaraList.passkeys) {
      expect(Date.now() - Date.parse(passkey.createdAt)).toBeLessThan(60_000);
    }
    const priyaList = ZPasskeyListResponseSchema.parse(
      (
        await send('GET', API_PATHS.passkeys, { token: await unconfirmedToken(suite.priya) })
      ).json(),
    );
    expect(priyaList.passkeys.map((p) => p.id)).toEqual([priyaKey]);
  });

  it('removes a passkey after a fresh sign-in, with its audit row; the removed one no longer signs in', async () => {
    const { credentialId: first } = await onboard(suite.amara);
    const { credentialId: second } = await addPasskey(await signIn(first), suite.amara);
    const token = await signIn(second);

    const res = await remove(token, first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(await passkeysOf(suite.amara)).toEqual([second]);
    expect((await auditRows()).at(-1)).toEqual({
      studentId: suite.amara,
      credentialId: first,
      action: 'revoked',
      proof: 'passkey',
    });
    // Her security notice, in the same transaction: the passkey's name, none of its key.
    const notices = await suite.t.app.db
      .select({ params: notifications.params, category: notifications.category })
      .from(notifications)
      .where(
        and(
          eq(notifications.studentId, suite.amara),
          eq(notifications.template, 'security.passkey-removed'),
        ),
      );
    expect(notices).toContainEqual({ category: 'security', params: { device: 'Passkey' } });
    const options = ZAuthenticationOptionsSchema.parse(
      (await send('POST', API_PATHS.authenticateBegin, { payload: {} })).json(),
    );
    const refused = await send('POST', API_PATHS.authenticateComplete, {
      payload: { credential: suite.authenticator.authenticate(options, first) },
    });
    expect(refused.statusCode).toBe(401);
    expect(await holds(token)).toBe(true);
  });

  it("refuses to remove another student's passkey (404), the only one (409), or without a fresh proof (403), writing nothing", async () => {
    const { credentialId: amaraKey } = await onboard(suite.amara);
    const { credentialId: priyaKey } = await onboard(suite.priya);
    const { credentialId: amaraSecond } = await addPasskey(await signIn(amaraKey), suite.amara);
    const priyaFresh = await signIn(priyaKey);
    const auditBefore = await auditRows();

    const others = await remove(await signIn(amaraKey), priyaKey);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toEqual({ message: PASSKEY_CHANGE_MESSAGES.notFound });

    const only = await remove(priyaFresh, priyaKey);
    expect(only.statusCode).toBe(409);
    expect(only.json()).toEqual({ message: PASSKEY_CHANGE_MESSAGES.onlyPasskey });

    for (const token of [await unconfirmedToken(suite.amara), await staleToken(suite.amara)]) {
      const unconfirmed = await remove(token, amaraSecond);
      expect(unconfirmed.statusCode).toBe(403);
      expect(unconfirmed.json()).toEqual(CONFIRM_FIRST);
    }
    expect((await passkeysOf(suite.amara)).sort()).toEqual([amaraKey, amaraSecond].sort());
    expect(await passkeysOf(suite.priya)).toEqual([priyaKey]);
    expect(await auditRows()).toEqual(auditBefore);
  });

  it('of two removals racing to leave no passkey, one is refused', async () => {
    const { credentialId: first } = await onboard(suite.amara);
    const { credentialId: second } = await addPasskey(await signIn(first), suite.amara);
    const token = await signIn(first);
    const results = await Promise.all([remove(token, first), remove(token, second)]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await passkeysOf(suite.amara)).toHaveLength(1);
  });

  it("'sign out other devices' ends every other session and keeps this one, on removal and on adding", async () => {
    const { credentialId: first } = await onboard(suite.amara);
    const { credentialId: second } = await addPasskey(await signIn(first), suite.amara);
    const laptop = await signIn(second);
    const phone = await signIn(first);
    const priyaSession = await unconfirmedToken(suite.priya);

    const removed = await remove(phone, second, true);
    expect(removed.statusCode).toBe(200);
    const session = ZRemovePasskeyResponseSchema.parse(removed.json()).session;
    if (!session) throw new Error('no new session for this device');
    expect(session.user).toMatchObject({ id: suite.amara, sessionScope: 'student' });
    expect(await holds(laptop)).toBe(false);
    expect(await holds(phone)).toBe(false);
    expect(await holds(session.token)).toBe(true);
    expect(await holds(priyaSession)).toBe(true);

    // The new token is as fresh as the one it replaced: it may add a passkey, and sign out again.
    const tablet = await signIn(first);
    const added = await addPasskey(session.token, suite.amara, { signOutOtherDevices: true });
    expect(added.res.statusCode).toBe(200);
    const afterAdding = ZPasskeyCompleteResponseSchema.parse(added.res.json()).token;
    expect(await holds(tablet)).toBe(false);
    expect(await holds(session.token)).toBe(false);
    expect(await holds(afterAdding)).toBe(true);
    expect(await holds(priyaSession)).toBe(true);
    expect((await auditRows()).slice(-2)).toEqual([
      { studentId: suite.amara, credentialId: second, action: 'revoked', proof: 'passkey' },
      {
        studentId: suite.amara,
        credentialId: added.credentialId,
        action: 'registered',
        proof: 'passkey',
      },
    ]);
  });

  it('keeps the other sessions when the student does not ask to sign them out', async () => {
    const { credentialId: first } = await onboard(suite.amara);
    const laptop = await signIn(first);
    const phone = await signIn(first);
    const added = await addPasskey(phone, suite.amara, { signOutOtherDevices: false });
    expect(added.res.statusCode).toBe(200);
    expect(await holds(laptop)).toBe(true);
    expect(await holds(phone)).toBe(true);
    const removed = await remove(phone, added.credentialId);
    expect(removed.json()).toEqual({});
    expect(await holds(laptop)).toBe(true);
    const counted = await suite.t.app.db
      .select({ n: count() })
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.studentId, suite.amara));
    expect(counted[0]?.n).toBe(1);
  });
});
