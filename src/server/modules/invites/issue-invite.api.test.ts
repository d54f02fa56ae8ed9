import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import { ZLoginResponseSchema } from '../../../shared/auth.js';
import {
  verificationStatusPath,
  ZCreateVerificationSessionResponseSchema,
  ZVerificationStatusResponseSchema,
} from '../../../shared/identity-verification.js';
import { dateOfBirthToUtcTimestamp } from '../../../shared/onboarding.js';
import {
  ZAuthenticationOptionsSchema,
  ZPasskeyCompleteResponseSchema,
  ZRegistrationOptionsSchema,
} from '../../../shared/passkeys.js';
import { ONBOARDING_DEMO_STUDENT } from '../../db/demo-identities.js';
import {
  credentialAuditLog,
  identityVerificationSessions,
  invites,
  passkeyCredentials,
  students,
} from '../../db/schema.js';
import { lookupHash, normaliseInviteCode } from '../../lib/crypto.js';
import { HttpError } from '../../lib/http-error.js';
import { SoftwareAuthenticator } from '../../test/software-authenticator.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';
import { LOOKUP_PROOF_COOKIE } from '../onboarding/lookup-proof.js';
import { INVALID_VALIDITY, issueInvite, STUDENT_NOT_FOUND } from './issue-invite.js';

const ORIGIN = 'http://localhost:5000';
const NO_MATCH = { student_id: null, error: 'no_match' };
const UNAUTHORIZED = { message: UNAUTHORIZED_MESSAGE };
const SIGN_IN_REFUSED = { message: 'Authentication failed. Please try again.' };
const DAY_MS = 86_400_000;
// Seven groups of four symbols of 32 (no 0, 1, I or O): 140 bits.
const CODE_FORMAT = /^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){6}$/;

/** What the details step sends besides the invite code. */
interface Identity {
  passport_number: string;
  date_of_birth: string;
}

const amaraIdentity: Identity = {
  passport_number: ONBOARDING_DEMO_STUDENT.passportNumber,
  date_of_birth: dateOfBirthToUtcTimestamp(ONBOARDING_DEMO_STUDENT.dateOfBirth),
};

describe.each(testDatabaseKinds())('issuing invites on $name', (kind) => {
  let t: TestApp;
  const authenticator = new SoftwareAuthenticator({ origin: ORIGIN, rpId: 'localhost' });

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const lookup = (inviteCode: string, identity = amaraIdentity) =>
    post(API_PATHS.getStudentId, { invite_code: inviteCode, ...identity });
  const profile = (token: string) =>
    t.app.inject({ method: 'GET', url: API_PATHS.userProfile, headers: bearer(token) });
  const studentNamed = async (firstName: string) => {
    const [row] = await t.app.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.firstName, firstName));
    if (!row) throw new Error(`${firstName} is seeded`);
    return row.id;
  };
  const invitesOf = (studentId: string) =>
    t.app.db.select().from(invites).where(eq(invites.studentId, studentId));

  /** The sign-up page's first step: the lookup, then verify-user with the proof it set. */
  async function lookUpAndStartOnboarding(inviteCode: string) {
    const match = await lookup(inviteCode);
    expect(match.statusCode).toBe(200);
    const { student_id: studentId, userProfile } = match.json<{
      student_id: string;
      userProfile: { faceVerified: boolean };
    }>();
    const proof = match.cookies.find((c) => c.name === LOOKUP_PROOF_COOKIE)?.value ?? '';
    const session = await t.app.inject({
      method: 'POST',
      url: API_PATHS.verifyUser,
      payload: { studentId },
      cookies: { [LOOKUP_PROOF_COOKIE]: proof },
    });
    expect(session.statusCode).toBe(200);
    const { token } = ZLoginResponseSchema.parse(session.json());
    return { studentId, faceVerified: userProfile.faceVerified, onboarding: token };
  }

  /** Opens an identity check; answers the simulated provider's page for it. */
  async function openIdentityCheck(token: string) {
    const res = await post(API_PATHS.veriffSession, {}, token);
    expect(res.statusCode).toBe(200);
    const { sessionUrl } = ZCreateVerificationSessionResponseSchema.parse(res.json());
    return new URL(sessionUrl).pathname;
  }

  /** Presses Approve on the simulated provider's page, which delivers its signed webhook. */
  async function approveOnProviderPage(pagePath: string) {
    const page = (await t.app.inject({ method: 'GET', url: pagePath })).body;
    const form = page.split('</form>').find((f) => f.includes('>Approve</button>')) ?? '';
    const action = /action="([^"]+)"/.exec(form)?.[1] ?? '';
    const fields = Object.fromEntries(
      [...form.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(res.body).toContain('Decision sent');
  }

  async function registerPasskey(token: string) {
    const begin = await post(API_PATHS.registerBegin, { username: 'amara' }, token);
    expect(begin.statusCode).toBe(200);
    const credential = authenticator.register(ZRegistrationOptionsSchema.parse(begin.json()));
    const res = await post(API_PATHS.registerComplete, { credential }, token);
    expect(res.statusCode).toBe(200);
    return {
      credentialId: credential.id,
      token: ZPasskeyCompleteResponseSchema.parse(res.json()).token,
    };
  }

  async function signIn(credentialId: string) {
    const options = ZAuthenticationOptionsSchema.parse(
      (await post(API_PATHS.authenticateBegin, {})).json(),
    );
    return post(API_PATHS.authenticateComplete, {
      credential: authenticator.authenticate(options, credentialId),
    });
  }

  it('recovers an account: new invite, lookup, identity check again, new passkey; the old passkey and sessions are refused', async () => {
    // Amara onboards as usual and signs in with her passkey.
    const first = await lookUpAndStartOnboarding(ONBOARDING_DEMO_STUDENT.inviteCode);
    const amara = first.studentId;
    // A check she left unfinished, whose page stays open (in whoever's hands the device is).
    const unfinishedCheck = await openIdentityCheck(first.onboarding);
    await approveOnProviderPage(await openIdentityCheck(first.onboarding));
    const lost = await registerPasskey(first.onboarding);
    const signedIn = await signIn(lost.credentialId);
    expect(signedIn.statusCode).toBe(200);
    const lostSession = ZPasskeyCompleteResponseSchema.parse(signedIn.json()).token;

    // She loses the device; the consultancy gives her a new invite.
    const issued = await issueInvite(t.app.db, t.app.dataKeys, { studentId: amara });
    expect(issued.code).toMatch(CODE_FORMAT);
    expect(issued.revokedPasskeys).toBe(1);
    expect(issued.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * DAY_MS - 60_000);
    expect(issued.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(14 * DAY_MS);
    const stored = await invitesOf(amara);
    expect(
      stored.filter(
        (i) => i.codeHash === lookupHash(t.app.dataKeys, normaliseInviteCode(issued.code)),
      ),
    ).toMatchObject([{ usedAt: null, revokedAt: null, expiresAt: issued.expiresAt }]);
    expect(JSON.stringify(stored)).not.toContain(issued.code);
    expect(JSON.stringify(stored)).not.toContain(normaliseInviteCode(issued.code));

    // The lost passkey and every session from before are refused.
    const refusedSignIn = await signIn(lost.credentialId);
    expect(refusedSignIn.statusCode).toBe(401);
    expect(refusedSignIn.json()).toEqual(SIGN_IN_REFUSED);
    for (const token of [lost.token, lostSession, first.onboarding]) {
      const res = await profile(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
    expect(
      await t.app.db
        .select()
        .from(passkeyCredentials)
        .where(eq(passkeyCredentials.studentId, amara)),
    ).toEqual([]);
    expect(
      await t.app.db
        .select({ action: credentialAuditLog.action, proof: credentialAuditLog.proof })
        .from(credentialAuditLog)
        .where(eq(credentialAuditLog.credentialId, lost.credentialId))
        .orderBy(credentialAuditLog.id),
    ).toEqual([
      { action: 'registered', proof: 'onboarding' },
      { action: 'revoked', proof: 'recovery' },
    ]);

    // An Approve from before the recovery, arriving late, verifies nobody.
    await approveOnProviderPage(unfinishedCheck);
    const [reset] = await t.app.db
      .select({ faceVerified: students.faceVerified, result: students.verificationResult })
      .from(students)
      .where(eq(students.id, amara));
    expect(reset).toEqual({ faceVerified: false, result: 'pending' });

    // The used demo code misses; so does the new code once a newer one supersedes it.
    expect((await lookup(ONBOARDING_DEMO_STUDENT.inviteCode)).json()).toEqual(NO_MATCH);
    const newer = await issueInvite(t.app.db, t.app.dataKeys, { studentId: amara });
    expect(newer.revokedPasskeys).toBe(0);
    const superseded = await lookup(issued.code);
    expect(superseded.json()).toEqual(NO_MATCH);
    expect(superseded.cookies).toHaveLength(0);

    // With the newest code (typed as it may be), she is sent to the identity check first.
    const recovery = await lookUpAndStartOnboarding(newer.code.toLowerCase().replaceAll('-', ' '));
    expect(recovery).toMatchObject({ studentId: amara, faceVerified: false });
    const status = await t.app.inject({
      method: 'GET',
      url: verificationStatusPath(amara),
      headers: bearer(recovery.onboarding),
    });
    expect(ZVerificationStatusResponseSchema.parse(status.json())).toEqual({
      faceVerified: false,
      verificationResult: 'pending',
      status: 'not_started',
      reason: null,
    });
    const check = await post(API_PATHS.verifyFace, {}, recovery.onboarding);
    expect(check.statusCode).toBe(409);
    expect(check.json()).toEqual({ message: 'No identity verification has been started yet.' });
    const tooEarly = await post(
      API_PATHS.registerBegin,
      { username: 'amara' },
      recovery.onboarding,
    );
    expect(tooEarly.statusCode).toBe(403);
    expect(tooEarly.json()).toEqual({
      message: 'Please complete identity verification before creating a passkey.',
    });

    await approveOnProviderPage(await openIdentityCheck(recovery.onboarding));
    const replacement = await registerPasskey(recovery.onboarding);
    expect(
      await t.app.db
        .select({ studentId: credentialAuditLog.studentId, proof: credentialAuditLog.proof })
        .from(credentialAuditLog)
        .where(
          and(
            eq(credentialAuditLog.credentialId, replacement.credentialId),
            eq(credentialAuditLog.action, 'registered'),
          ),
        ),
    ).toEqual([{ studentId: amara, proof: 'onboarding' }]);
    const newest = (await invitesOf(amara)).find(
      (i) => i.codeHash === lookupHash(t.app.dataKeys, normaliseInviteCode(newer.code)),
    );
    expect(newest?.usedAt).toBeInstanceOf(Date);

    const withReplacement = await signIn(replacement.credentialId);
    expect(withReplacement.statusCode).toBe(200);
    expect(ZPasskeyCompleteResponseSchema.parse(withReplacement.json()).user.id).toBe(amara);
    expect((await signIn(lost.credentialId)).statusCode).toBe(401);
    expect((await profile(recovery.onboarding)).statusCode).toBe(401);
    expect((await profile(replacement.token)).statusCode).toBe(200);
  });

  it('gives a student without a passkey a random code, valid for the days asked, that the lookup matches', async () => {
    const lucas = await studentNamed('Lucas');
    const lucasIdentity: Identity = {
      passport_number: 'FT998877',
      date_of_birth: dateOfBirthToUtcTimestamp('1999-11-30'),
    };
    const first = await issueInvite(t.app.db, t.app.dataKeys, { studentId: lucas });
    const second = await issueInvite(t.app.db, t.app.dataKeys, {
      studentId: lucas,
      validForDays: 3,
    });
    expect(second.code).toMatch(CODE_FORMAT);
    expect(second.code).not.toBe(first.code);
    expect(second).toMatchObject({ revokedPasskeys: 0 });
    expect(second.expiresAt.getTime() - Date.now()).toBeGreaterThan(3 * DAY_MS - 60_000);
    expect(second.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3 * DAY_MS);

    expect((await lookup(first.code, lucasIdentity)).json()).toEqual(NO_MATCH);
    expect((await lookup(second.code, lucasIdentity)).json()).toMatchObject({
      student_id: lucas,
      first_name: 'Lucas',
      userProfile: { faceVerified: false },
    });
    const open = (await invitesOf(lucas)).filter((i) => i.revokedAt === null && i.usedAt === null);
    expect(open).toHaveLength(1);
  });

  it.each([
    [
      'a student who does not exist',
      { studentId: '00000000-0000-4000-8000-000000000000' },
      404,
      STUDENT_NOT_FOUND,
    ],
    ['an id that is no student id', { studentId: 'lucas' }, 404, STUDENT_NOT_FOUND],
    ['no days of validity', { validForDays: 0 }, 400, INVALID_VALIDITY],
    ['part of a day', { validForDays: 1.5 }, 400, INVALID_VALIDITY],
    ['more than a year', { validForDays: 366 }, 400, INVALID_VALIDITY],
  ])('refuses %s and writes nothing', async (_name, request, statusCode, message) => {
    const priya = await studentNamed('Priya');
    const rows = async () => ({
      invites: (await t.app.db.select({ n: count() }).from(invites))[0]?.n,
      open: (await invitesOf(priya)).filter((i) => i.revokedAt === null).length,
      sessions: (await t.app.db.select({ n: count() }).from(identityVerificationSessions))[0]?.n,
    });
    const before = await rows();
    const attempt = issueInvite(t.app.db, t.app.dataKeys, { studentId: priya, ...request });
    await expect(attempt).rejects.toThrow(HttpError);
    await expect(attempt).rejects.toMatchObject({ statusCode, message });
    expect(await rows()).toEqual(before);
    const [priyaRow] = await t.app.db.select().from(students).where(eq(students.id, priya));
    expect(priyaRow).toMatchObject({ faceVerified: true, tokensValidAfter: null });
  });
});
