import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
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
import {
  accountRecoveries,
  auditEvents,
  credentialAuditLog,
  notifications,
  profiles,
  rateLimits,
  staff,
  students,
} from '../../db/schema.js';
import { encryptField, lookupHash } from '../../lib/crypto.js';
import { addStudent, NEW_STUDENT_SEALED } from '../../test/new-student.js';
import { newAuthenticator, onboardingSessionFor } from '../../test/passkey-students.js';
import { passIdentityCheck } from '../../test/seeded-students.js';
import type { SoftwareAuthenticator } from '../../test/software-authenticator.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';
import { issueInvite } from '../invites/issue-invite.js';
import { RECOVERY_MISS_LIMIT } from './find-recoverable-student.js';
import { RECOVERY_LOOKUPS_PER_ADDRESS } from './routes.js';

const NO_MATCH = JSON.stringify({ error: 'no_match' });
const SIGN_IN_REFUSED = { message: 'Authentication failed. Please try again.' };

/** A student with an account: their own passport number, and a passkey on their old phone. */
interface Holder {
  id: string;
  passportNumber: string;
  oldPhone: SoftwareAuthenticator;
  oldPasskeyId: string;
  /** A full session of the old phone's, from its passkey sign-in. */
  oldToken: string;
}

describe.each(testDatabaseKinds())('account recovery on $name', (kind) => {
  let t: TestApp;
  let address = 0;
  /** Each request from its own address, so the per-address limit is tested only where meant. */
  const nextAddress = () => `198.51.100.${(address += 1)}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, token?: string, remoteAddress = nextAddress()) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  async function signInWith(phone: SoftwareAuthenticator, credentialId: string) {
    const options = ZAuthenticationOptionsSchema.parse(
      (await post(API_PATHS.authenticateBegin, {})).json(),
    );
    return post(API_PATHS.authenticateComplete, {
      credential: phone.authenticate(options, credentialId),
    });
  }

  async function registerOn(phone: SoftwareAuthenticator, token: string, studentId: string) {
    const begun = await post(
      API_PATHS.registerBegin,
      { username: studentId, userId: studentId },
      token,
    );
    if (begun.statusCode !== 200) return begun;
    const credential = phone.register(ZRegistrationOptionsSchema.parse(begun.json()));
    return post(API_PATHS.registerComplete, { credential, userId: studentId }, token);
  }

  /** A student onboarded as every real one is: invite, identity check, then their passkey. */
  async function studentWithAccount(): Promise<Holder> {
    const passportNumber = `R${randomBytes(4).toString('hex').toUpperCase()}`;
    const id = await addStudent(t.app, 'Priya', { firstName: 'Nadia', lastName: 'Haddad' });
    await t.app.db
      .update(students)
      .set({ passportNumberHash: lookupHash(t.app.dataKeys, passportNumber) })
      .where(eq(students.id, id));
    await t.app.db
      .update(profiles)
      .set({ passportNumberEncrypted: encryptField(t.app.dataKeys, passportNumber) })
      .where(eq(profiles.studentId, id));
    await passIdentityCheck(t.app, id);
    const oldPhone = newAuthenticator();
    const registered = await registerOn(oldPhone, await onboardingSessionFor(t.app, id), id);
    expect(registered.statusCode, registered.body).toBe(200);
    const [oldPasskeyId] = [...oldPhone.keys.keys()];
    if (!oldPasskeyId) throw new Error('the old phone holds no passkey');
    const signedIn = await signInWith(oldPhone, oldPasskeyId);
    const oldToken = ZLoginResponseSchema.parse(signedIn.json()).token;
    return { id, passportNumber, oldPhone, oldPasskeyId, oldToken };
  }

  const startRecovery = (
    holder: Pick<Holder, 'passportNumber'>,
    dateOfBirth = NEW_STUDENT_SEALED.dateOfBirth,
    remoteAddress = nextAddress(),
  ) =>
    post(
      API_PATHS.recovery,
      { passportNumber: holder.passportNumber, dateOfBirth },
      undefined,
      remoteAddress,
    );

  async function recoverySession(holder: Holder) {
    const res = await startRecovery(holder);
    expect(res.statusCode).toBe(200);
    return ZLoginResponseSchema.parse(res.json());
  }

  /** Runs the recovery's identity check with the simulated provider's Approve button. */
  async function approveIdentityCheck(token: string, studentId: string) {
    const opened = await post(API_PATHS.veriffSession, { vendorData: studentId }, token);
    expect(opened.statusCode).toBe(200);
    const { sessionUrl } = ZCreateVerificationSessionResponseSchema.parse(opened.json());
    const page = await t.app.inject({ method: 'GET', url: new URL(sessionUrl).pathname });
    const approveForm = page.body.split('</form>').find((f) => f.includes('>Approve</button>'));
    const action = /<form method="post" action="([^"]+)"/.exec(approveForm ?? '')?.[1] ?? '';
    const fields = Object.fromEntries(
      [
        ...(approveForm ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g),
      ].map((m) => [m[1] ?? '', m[2] ?? '']),
    );
    const decided = await t.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(decided.statusCode).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: verificationStatusPath(studentId),
      headers: { authorization: `Bearer ${token}` },
    });
    return ZVerificationStatusResponseSchema.parse(status.json());
  }

  const studentRow = async (id: string) => {
    const [row] = await t.app.db.select().from(students).where(eq(students.id, id));
    return row;
  };

  it('recovers on a new phone: a new identity check, a new passkey, the old one refused, everyone told', async () => {
    const holder = await studentWithAccount();
    const recovery = await recoverySession(holder);
    expect(recovery.user).toMatchObject({
      id: holder.id,
      sessionScope: 'recovery',
      faceVerified: false,
      verificationResult: 'pending',
    });
    // The recovery session opens nothing of the student's data.
    const applications = await t.app.inject({
      method: 'GET',
      url: API_PATHS.applications,
      headers: { authorization: `Bearer ${recovery.token}` },
    });
    expect(applications.statusCode).toBe(401);
    // Nor a passkey before its own identity check.
    const newPhone = newAuthenticator();
    expect((await registerOn(newPhone, recovery.token, holder.id)).statusCode).toBe(403);

    expect(await approveIdentityCheck(recovery.token, holder.id)).toMatchObject({
      status: 'approved',
      faceVerified: true,
    });
    const registered = await registerOn(newPhone, recovery.token, holder.id);
    expect(registered.statusCode).toBe(200);
    const signedIn = ZPasskeyCompleteResponseSchema.parse(registered.json());
    expect(signedIn.user).toMatchObject({ id: holder.id, sessionScope: 'student' });
    const newPasskeyId = [...newPhone.keys.keys()][0] ?? '';

    // The old passkey is refused, the new one signs in.
    const oldSignIn = await signInWith(holder.oldPhone, holder.oldPasskeyId);
    expect(oldSignIn.statusCode).toBe(401);
    expect(oldSignIn.json()).toEqual(SIGN_IN_REFUSED);
    expect((await signInWith(newPhone, newPasskeyId)).statusCode).toBe(200);
    // Every session from before is ended, the recovery's own among them; the new one works.
    for (const token of [holder.oldToken, recovery.token]) {
      const res = await t.app.inject({
        method: 'GET',
        url: API_PATHS.userProfile,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
    }
    const applicationsNow = await t.app.inject({
      method: 'GET',
      url: API_PATHS.applications,
      headers: { authorization: `Bearer ${signedIn.token}` },
    });
    expect(applicationsNow.statusCode).toBe(200);

    // Audited: the recovery's start and end, each passkey change with its proof.
    const credentialRows = await t.app.db
      .select({
        credentialId: credentialAuditLog.credentialId,
        action: credentialAuditLog.action,
        proof: credentialAuditLog.proof,
      })
      .from(credentialAuditLog)
      .where(eq(credentialAuditLog.studentId, holder.id))
      .orderBy(credentialAuditLog.id);
    expect(credentialRows).toEqual([
      { credentialId: holder.oldPasskeyId, action: 'registered', proof: 'onboarding' },
      { credentialId: holder.oldPasskeyId, action: 'revoked', proof: 'account-recovery' },
      { credentialId: newPasskeyId, action: 'registered', proof: 'account-recovery' },
    ]);
    const audit = await t.app.db
      .select({
        actor: auditEvents.actor,
        action: auditEvents.action,
        address: auditEvents.address,
        details: auditEvents.details,
      })
      .from(auditEvents)
      .where(eq(auditEvents.studentId, holder.id))
      .orderBy(auditEvents.id);
    expect(audit).toEqual([
      {
        actor: 'student',
        action: 'account-recovery.start',
        address: expect.stringMatching(/^198\.51\.100\./) as unknown,
        details: { recoveryId: expect.any(String) as unknown },
      },
      {
        actor: 'student',
        action: 'account-recovery.complete',
        address: expect.stringMatching(/^198\.51\.100\./) as unknown,
        details: { recoveryId: expect.any(String) as unknown, revokedPasskeys: 1 },
      },
    ]);

    // The student gets the security notice; the agents of their agency are told.
    const toStudent = await t.app.db
      .select({ template: notifications.template, channel: notifications.channel })
      .from(notifications)
      .where(eq(notifications.studentId, holder.id));
    expect(toStudent).toContainEqual({ template: 'security.account-recovered', channel: 'email' });
    // The recovery's notice says the passkey was added: the only "added" one is the old phone's.
    expect(toStudent.filter((n) => n.template === 'security.passkey-added')).toHaveLength(1);
    const toStaff = await t.app.db
      .select({ role: staff.role, agencyId: staff.agencyId, channel: notifications.channel })
      .from(notifications)
      .innerJoin(staff, eq(staff.id, notifications.staffId))
      .where(eq(notifications.template, 'staff.student-recovered'));
    const student = await studentRow(holder.id);
    expect(toStaff.length).toBeGreaterThan(0);
    for (const row of toStaff) {
      expect(row).toMatchObject({ role: 'agent', agencyId: student?.agencyId });
    }
    expect(toStaff.map((row) => row.channel)).toContain('email');
    // The student's own verification was never touched by the recovery's check.
    expect(student).toMatchObject({ faceVerified: true, verificationResult: 'approved' });
  });

  it('answers every kind of miss identically and changes nothing of the student', async () => {
    const holder = await studentWithAccount();
    const onboardingOnly = await addStudent(t.app, 'Priya', {
      firstName: 'Omar',
      lastName: 'Saleh',
    });
    const onboardingPassport = `S${randomBytes(4).toString('hex').toUpperCase()}`;
    await t.app.db
      .update(students)
      .set({ passportNumberHash: lookupHash(t.app.dataKeys, onboardingPassport) })
      .where(eq(students.id, onboardingOnly));
    const misses = [
      await startRecovery({ passportNumber: 'UNKNOWN123' }),
      await startRecovery(holder, '2001-04-10'),
      // Someone who never set up their account uses their invite instead.
      await startRecovery({ passportNumber: onboardingPassport }),
    ];
    await t.app.db
      .update(students)
      .set({ disabledAt: new Date() })
      .where(eq(students.id, holder.id));
    misses.push(await startRecovery(holder));
    for (const res of misses) {
      expect({ status: res.statusCode, body: res.body, cookies: res.cookies.length }).toEqual({
        status: 200,
        body: NO_MATCH,
        cookies: 0,
      });
    }
    const opened = await t.app.db
      .select()
      .from(accountRecoveries)
      .where(eq(accountRecoveries.studentId, holder.id));
    expect(opened).toEqual([]);
    expect((await signInWith(holder.oldPhone, holder.oldPasskeyId)).statusCode).toBe(401);
    await t.app.db.update(students).set({ disabledAt: null }).where(eq(students.id, holder.id));
    expect((await signInWith(holder.oldPhone, holder.oldPasskeyId)).statusCode).toBe(200);
  });

  it(`locks a passport number's recovery for 15 minutes after ${RECOVERY_MISS_LIMIT} misses in a row`, async () => {
    const holder = await studentWithAccount();
    for (let i = 0; i < RECOVERY_MISS_LIMIT; i += 1) {
      expect((await startRecovery(holder, `1990-01-0${i + 1}`)).body).toBe(NO_MATCH);
    }
    expect((await startRecovery(holder)).body).toBe(NO_MATCH);
    const lockedFor =
      ((await studentRow(holder.id))?.recoveryLockedUntil?.getTime() ?? 0) - Date.now();
    expect(lockedFor).toBeGreaterThan(14 * 60_000);
    expect(lockedFor).toBeLessThanOrEqual(15 * 60_000);
    await t.app.db
      .update(students)
      .set({ recoveryLockedUntil: new Date(Date.now() - 1000) })
      .where(eq(students.id, holder.id));
    expect(ZLoginResponseSchema.parse((await startRecovery(holder)).json()).user.id).toBe(
      holder.id,
    );
  });

  it(`allows ${RECOVERY_LOOKUPS_PER_ADDRESS.limit} recoveries a minute per address, then 429 with Retry-After`, async () => {
    await t.app.db.delete(rateLimits);
    const ip = '203.0.113.91';
    for (let i = 0; i < RECOVERY_LOOKUPS_PER_ADDRESS.limit; i += 1) {
      expect(
        (await startRecovery({ passportNumber: `NOPE${i}00` }, undefined, ip)).statusCode,
      ).toBe(200);
    }
    const limited = await startRecovery({ passportNumber: 'NOPE9999' }, undefined, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: expect.stringMatching(/Too many attempts/) as unknown,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await startRecovery({ passportNumber: 'NOPE9999' }, undefined, '203.0.113.92')).statusCode,
    ).toBe(200);
  });

  it('answers 400 with a message for a short passport number or a birth date that is not a date', async () => {
    const short = await startRecovery({ passportNumber: 'X12' });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toMatch(/Passport number must be at least 6/);
    const notADate = await startRecovery({ passportNumber: 'X1234567' }, 'yesterday');
    expect(notADate.statusCode).toBe(400);
  });

  it("refuses a new passkey when the document checked is not the passport on file, and leaves the student's own check alone", async () => {
    const holder = await studentWithAccount();
    const recovery = await recoverySession(holder);
    // The provider reads another passport than the one on file.
    await t.app.db
      .update(profiles)
      .set({ passportNumberEncrypted: encryptField(t.app.dataKeys, 'Q9988776') })
      .where(eq(profiles.studentId, holder.id));
    expect(await approveIdentityCheck(recovery.token, holder.id)).toMatchObject({
      status: 'declined',
      faceVerified: false,
      verificationResult: 'approved_passport_mismatch',
    });
    const refused = await registerOn(newAuthenticator(), recovery.token, holder.id);
    expect(refused.statusCode).toBe(403);
    // The student still signs in with their passkey and is as verified as before; no notice of
    // a decline reaches them for a check someone else may have run.
    expect((await signInWith(holder.oldPhone, holder.oldPasskeyId)).statusCode).toBe(200);
    expect(await studentRow(holder.id)).toMatchObject({
      faceVerified: true,
      verificationResult: 'approved',
    });
    const declined = await t.app.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.studentId, holder.id),
          eq(notifications.template, 'identity.declined'),
        ),
      );
    expect(declined).toEqual([]);
  });

  it('a recovery that has expired, or that another recovery completed, registers nothing', async () => {
    const holder = await studentWithAccount();
    const first = await recoverySession(holder);
    const second = await recoverySession(holder);
    await approveIdentityCheck(first.token, holder.id);
    await approveIdentityCheck(second.token, holder.id);
    expect((await registerOn(newAuthenticator(), first.token, holder.id)).statusCode).toBe(200);
    // The second recovery was closed with the first: its session is refused.
    expect((await registerOn(newAuthenticator(), second.token, holder.id)).statusCode).toBe(401);

    const other = await studentWithAccount();
    const late = await recoverySession(other);
    await approveIdentityCheck(late.token, other.id);
    await t.app.db
      .update(accountRecoveries)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountRecoveries.studentId, other.id));
    expect((await registerOn(newAuthenticator(), late.token, other.id)).statusCode).toBe(401);
    expect((await signInWith(other.oldPhone, other.oldPasskeyId)).statusCode).toBe(200);
  });

  describe('the invite lookup', () => {
    const lookup = (inviteCode: string, passportNumber: string) =>
      post(API_PATHS.getStudentId, {
        invite_code: inviteCode,
        passport_number: passportNumber,
        date_of_birth: dateOfBirthToUtcTimestamp(NEW_STUDENT_SEALED.dateOfBirth),
      });

    it('tells a used invite of an existing account apart, only to whoever holds all three values', async () => {
      const id = await addStudent(t.app, 'Priya', { firstName: 'Lina', lastName: 'Farah' });
      const passportNumber = `T${randomBytes(4).toString('hex').toUpperCase()}`;
      await t.app.db
        .update(students)
        .set({ passportNumberHash: lookupHash(t.app.dataKeys, passportNumber) })
        .where(eq(students.id, id));
      const { code } = await issueInvite(t.app.db, t.app.dataKeys, { studentId: id });
      await passIdentityCheck(t.app, id);
      expect(
        (await registerOn(newAuthenticator(), await onboardingSessionFor(t.app, id), id))
          .statusCode,
      ).toBe(200);

      expect((await lookup(code, passportNumber)).json()).toEqual({
        student_id: null,
        error: 'has_account',
      });
      expect((await lookup(code, 'W0000000')).json()).toEqual({
        student_id: null,
        error: 'no_match',
      });
    });
  });
});
