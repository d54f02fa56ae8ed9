import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../shared/staff-api-paths.js';
import { ZLoginResponseSchema } from '../../shared/auth.js';
import { dateOfBirthToUtcTimestamp } from '../../shared/onboarding.js';
import {
  ZAuthenticationOptionsSchema,
  ZRegisterCompleteResponseSchema,
  ZRegistrationOptionsSchema,
} from '../../shared/passkeys.js';
import type { TProfileUpdateRequest } from '../../shared/profile.js';
import { ONBOARDING_DEMO_STUDENT } from '../db/demo-identities.js';
import { students } from '../db/schema.js';
import { LOOKUP_PROOF_COOKIE } from '../modules/onboarding/lookup-proof.js';
import { captureLogs } from '../test/capture-logs.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';
import { WHOLE_PROFILE } from '../test/whole-profile.js';
import { signIn } from '../test/sign-in.js';
import { signInAsStaff } from '../test/staff-sign-in.js';
import { changeStudents } from '../test/seeded-students.js';

/**
 * The log canary (OWASP ASVS 5.0 V16.2.5: sensitive data is logged only as its protection level
 * allows, here never: no personal data, no session token, no credential; V14, data protection,
 * by chapter). The app logs at `trace`, its most talkative, while students go through the
 * journeys that handle their passport, birth date, medical notes and tokens; then no log line may
 * hold any of them. DESIGN.md: "logs carry no personal data".
 */

const CANARY = {
  passport: 'QK4471902',
  dateOfBirth: '1991-04-27',
  medical: 'Canary-medical: epilepsy, takes levetiracetam',
  emergencyName: 'Canary Emergencyname',
  emergencyPhone: '+1 555 014 7392',
  street: '17 Canary Wharf Lane',
  city: 'Canaryville',
} as const;

/** Every passport number the seed stores, besides the canary: none may reach a log. */
const SEEDED_PASSPORTS = ['X1234567', 'Z7654321', 'C4455667', 'FT998877', 'BR2468013'];

const PROFILE: TProfileUpdateRequest = {
  ...WHOLE_PROFILE,
  email: 'priya.canary@example.com',
  dateOfBirth: CANARY.dateOfBirth,
  streetAddress: CANARY.street,
  city: CANARY.city,
  passportNumber: CANARY.passport,
  emergencyContactName: CANARY.emergencyName,
  emergencyContactPhone: CANARY.emergencyPhone,
  medicalConditions: CANARY.medical,
  additionalNotes: '',
};

describe.each(testDatabaseKinds())(
  'logs on $name carry no personal data nor tokens (ASVS V16.2.5)',
  (kind) => {
    let t: TestApp;
    let logs: ReturnType<typeof captureLogs>;
    /**
     * Every secret the journeys were given: tokens, the lookup proof, passkey secrets, values a
     * staff member revealed.
     */
    const secrets: string[] = [];

    const post = (url: string, payload: object, token?: string, cookies?: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        payload,
        cookies,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    beforeAll(async () => {
      t = await startTestApp(kind, { LOG_LEVEL: 'trace' });
      logs = captureLogs(t.app.log);
    });
    afterAll(async () => {
      logs.stop();
      await t.close();
    });

    it('the capture sees what the app logs: requests and their ids, at trace level', async () => {
      // Without this, an empty capture would pass every assertion below.
      const res = await t.app.inject({ method: 'GET', url: API_PATHS.publicConfig });
      expect(logs.text()).toContain(res.headers['x-request-id']);
      expect(logs.text()).toContain('"path":"/api/config"');
    });

    it('onboarding: lookups that miss and match, the lookup proof and its session', async () => {
      const miss = await post(API_PATHS.getStudentId, {
        invite_code: ONBOARDING_DEMO_STUDENT.inviteCode,
        passport_number: CANARY.passport,
        date_of_birth: dateOfBirthToUtcTimestamp(CANARY.dateOfBirth),
      });
      expect(miss.statusCode).toBe(200);
      expect(miss.json()).toMatchObject({ student_id: null });

      const hit = await post(API_PATHS.getStudentId, {
        invite_code: ONBOARDING_DEMO_STUDENT.inviteCode,
        passport_number: ONBOARDING_DEMO_STUDENT.passportNumber,
        date_of_birth: dateOfBirthToUtcTimestamp(ONBOARDING_DEMO_STUDENT.dateOfBirth),
      });
      const studentId = hit.json<{ student_id: string }>().student_id;
      const proof = hit.cookies.find((c) => c.name === LOOKUP_PROOF_COOKIE)?.value ?? '';
      expect(proof).not.toBe('');
      secrets.push(proof);

      const session = await post(API_PATHS.verifyUser, { studentId }, undefined, {
        [LOOKUP_PROOF_COOKIE]: proof,
      });
      expect(session.statusCode).toBe(200);
      const onboarding = ZLoginResponseSchema.parse(session.json()).token;
      secrets.push(onboarding);

      // The identity check is not what is logged here: mark Amara verified, then her passkey.
      await changeStudents(t.app, eq(students.id, studentId), {
        faceVerified: true,
        verificationResult: 'approved',
      });
      const options = await post(API_PATHS.registerBegin, { username: 'amara' }, onboarding);
      const { challenge } = ZRegistrationOptionsSchema.parse(options.json());
      const registered = await post(
        API_PATHS.registerComplete,
        { credential: { demo: true, challenge } },
        onboarding,
      );
      expect(registered.statusCode).toBe(200);
      const body = ZRegisterCompleteResponseSchema.parse(registered.json());
      secrets.push(body.token, body.simulatedCredential?.secret ?? '');

      // A successful passkey sign-in, then a failed one with a wrong secret.
      const signIn = async (secret: string) => {
        const begin = await post(API_PATHS.authenticateBegin, {});
        const { challenge: signInChallenge } = ZAuthenticationOptionsSchema.parse(begin.json());
        return post(API_PATHS.authenticateComplete, {
          credential: {
            demo: true,
            challenge: signInChallenge,
            credentialId: body.simulatedCredential?.id ?? '',
            secret,
          },
        });
      };
      const good = await signIn(body.simulatedCredential?.secret ?? '');
      expect(good.statusCode).toBe(200);
      secrets.push(ZLoginResponseSchema.parse(good.json()).token);
      const wrongSecret = randomBytes(32).toString('base64url');
      secrets.push(wrongSecret);
      expect((await signIn(wrongSecret)).statusCode).toBe(401);
    });

    it('sign-ins: demo login, and requests with stolen, forged and garbage tokens', async () => {
      const demo = await signIn(t.app, 'moi-required');
      secrets.push(demo.token);
      const [header, payload] = demo.token.split('.');
      const forged = `${header}.${payload}.${randomBytes(32).toString('base64url')}`;
      const garbage = `garbage-${randomBytes(16).toString('hex')}`;
      secrets.push(forged, garbage);
      for (const token of [forged, garbage]) {
        const res = await t.app.inject({
          method: 'GET',
          url: API_PATHS.userProfile,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(401);
      }
      // A token in a query string (where a careless client puts it) must not be logged either.
      const inQuery = await t.app.inject({
        method: 'GET',
        url: `${API_PATHS.userProfile}?token=${demo.token}&passport=${CANARY.passport}`,
      });
      expect(inQuery.statusCode).toBe(401);
    });

    it('the profile: saved with medical and emergency details, read back, and refused', async () => {
      const { token } = await signIn(t.app);
      secrets.push(token);
      const headers = { authorization: `Bearer ${token}` };
      const saved = await t.app.inject({
        method: 'PUT',
        url: API_PATHS.profile,
        payload: PROFILE,
        headers,
      });
      expect(saved.statusCode).toBe(200);
      const read = await t.app.inject({ method: 'GET', url: API_PATHS.profile, headers });
      expect(read.json()).toMatchObject({ medicalConditions: CANARY.medical });
      // A refused save: the validation message names the field, never the value.
      const refused = await t.app.inject({
        method: 'PUT',
        url: API_PATHS.profile,
        payload: { ...PROFILE, zipCode: CANARY.passport.slice(0, 3), phone: CANARY.medical },
        headers,
      });
      expect(refused.statusCode).toBe(400);
    });

    it('the profile: a save the database refuses (a 500) is logged without the values', async () => {
      const { token } = await signIn(t.app);
      secrets.push(token);
      // The database refuses this one city, as it would refuse any write when full or failing.
      await t.app.db.execute(
        sql.raw(
          `alter table profiles add constraint canary_guard check (city <> '${CANARY.city}') not valid`,
        ),
      );
      try {
        const res = await t.app.inject({
          method: 'PUT',
          url: API_PATHS.profile,
          payload: PROFILE,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(500);
        // The failure is logged (for the operator), and only the failure.
        expect(logs.text()).toContain('request failed');
      } finally {
        await t.app.db.execute(sql.raw('alter table profiles drop constraint canary_guard'));
      }
    });

    it('the staff console: a passport search, a record and its reveals, a staff session', async () => {
      const admin = await signInAsStaff(t.app, 'admin');
      secrets.push(admin.headers.cookie?.split('=')[1] ?? '');
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });
      const found = await get(
        `${STAFF_API_PATHS.staffStudents}?passport=${SEEDED_PASSPORTS[1] ?? ''}`,
      );
      const priya = found.json<{ items: { id: string }[] }>().items[0]?.id ?? '';
      expect(priya).not.toBe('');
      expect(
        (await get(`${STAFF_API_PATHS.staffStudents}?passport=${CANARY.passport}`)).statusCode,
      ).toBe(200);
      expect((await get(apiPath(STAFF_API_PATHS.staffStudent, { id: priya }))).statusCode).toBe(
        200,
      );
      for (const field of ['passportNumber', 'dateOfBirth'] as const) {
        const revealed = await t.app.inject({
          method: 'POST',
          url: apiPath(STAFF_API_PATHS.staffStudentReveal, { id: priya }),
          headers: admin.headers,
          payload: { field },
        });
        expect(revealed.statusCode).toBe(200);
        secrets.push(revealed.json<{ value: string }>().value);
      }
    });

    it('no log line holds a canary, a passport number, a birth date sent, or a token', () => {
      const text = logs.text();
      expect(text.length).toBeGreaterThan(1000);
      const forbidden = [
        ...Object.values(CANARY),
        ...SEEDED_PASSPORTS,
        ONBOARDING_DEMO_STUDENT.dateOfBirth,
        ...secrets.filter((s) => s.length > 0),
      ];
      expect(secrets.length).toBeGreaterThanOrEqual(8);
      const found = forbidden.filter((value) => text.includes(value));
      const lines = text
        .split('\n')
        .filter((line) => found.some((value) => line.includes(value)))
        .map((line) => line.slice(0, 400));
      expect({ found, lines }).toEqual({ found: [], lines: [] });
    });
  },
);
