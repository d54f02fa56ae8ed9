import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { ZLoginResponseSchema } from '../../shared/auth.js';
import { dateOfBirthToUtcTimestamp } from '../../shared/onboarding.js';
import { ZAuthenticationOptionsSchema, ZRegistrationOptionsSchema } from '../../shared/passkeys.js';
import { openDatabase } from '../db/client.js';
import { ONBOARDING_DEMO_STUDENT } from '../db/demo-identities.js';
import { students } from '../db/schema.js';
import { UNAUTHORIZED_MESSAGE } from '../modules/auth/authenticate.js';
import { LOOKUP_PROOF_COOKIE } from '../modules/onboarding/lookup-proof.js';
import { copyOfMigrations } from '../test/failing-migration.js';
import { SoftwareAuthenticator } from '../test/software-authenticator.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';
import { signIn } from '../test/sign-in.js';

const ORIGIN = 'http://localhost:5000';
const SIGN_IN_REFUSED = { message: 'Authentication failed. Please try again.' };
const PROOF_MISSING = {
  message:
    'Your sign-up step has expired. Please enter your invite code, passport number and date of birth again.',
};
const NO_MATCH = { student_id: null, error: 'no_match' };
const TRIPLE = {
  invite_code: ONBOARDING_DEMO_STUDENT.inviteCode,
  passport_number: ONBOARDING_DEMO_STUDENT.passportNumber,
  date_of_birth: dateOfBirthToUtcTimestamp(ONBOARDING_DEMO_STUDENT.dateOfBirth),
};

/**
 * docs/security-tests.md, issue 19 finding 5 (decision 014): demo access outlives demo mode. Everything a demo person was given while demo
 * mode was on (a demo-login session, a real passkey it registered, the published onboarding
 * triple, an onboarding session and lookup proof from it) is tried again after a restart with
 * DEMO_MODE=false on the same database, and each is refused exactly as a missing person is.
 */
describe.each(testDatabaseKinds())('demo access once demo mode is off, on $name', (kind) => {
  let t: TestApp;
  const authenticator = new SoftwareAuthenticator({ origin: ORIGIN, rpId: 'localhost' });
  /** What demo mode handed out. */
  let demo: { token: string; studentId: string; passkeyId: string };
  let amara: { id: string; onboardingToken: string; proof: string };

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const lookup = (payload: object) => post(API_PATHS.getStudentId, payload);
  const verifyUser = (studentId: string, proof: string) =>
    t.app.inject({
      method: 'POST',
      url: API_PATHS.verifyUser,
      payload: { studentId },
      cookies: { [LOOKUP_PROOF_COOKIE]: proof },
    });
  const signInWithPasskey = async (credentialId: string) => {
    const options = ZAuthenticationOptionsSchema.parse(
      (await post(API_PATHS.authenticateBegin, {})).json(),
    );
    return post(API_PATHS.authenticateComplete, {
      credential: authenticator.authenticate(options, credentialId),
    });
  };
  /** A read of each kind (plain, batched) and a write with the token: each answer by its route. */
  const useSession = async (token: string) => {
    const headers = { authorization: `Bearer ${token}` };
    const message = { to: 'Admissions Office', subject: 'Still here?', content: 'Hello.' };
    const calls = [
      ['GET', API_PATHS.userProfile],
      ['GET', API_PATHS.profile],
      ['POST', API_PATHS.applicantData],
      ['GET', API_PATHS.messages],
      ['POST', API_PATHS.messages, message],
    ] as const;
    return Promise.all(
      calls.map(async ([method, url, payload]) => ({
        route: `${method} ${url}`,
        res: await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }),
      })),
    );
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { persistent: true });

    const login = await signIn(t.app);
    const options = ZRegistrationOptionsSchema.parse(
      (
        await post(
          API_PATHS.registerBegin,
          { username: login.user.email ?? login.user.id, userId: login.user.id },
          login.token,
        )
      ).json(),
    );
    const credential = authenticator.register(options);
    const registered = await post(API_PATHS.registerComplete, { credential }, login.token);
    expect(registered.statusCode).toBe(200);
    demo = { token: login.token, studentId: login.user.id, passkeyId: credential.id };

    const found = await lookup(TRIPLE);
    const amaraId = found.json<{ student_id: string }>().student_id;
    const proof = found.cookies.find((c) => c.name === LOOKUP_PROOF_COOKIE)?.value ?? '';
    const onboarding = ZLoginResponseSchema.parse((await verifyUser(amaraId, proof)).json());
    amara = { id: amaraId, onboardingToken: onboarding.token, proof };
  });
  afterAll(() => t.close());

  it('in demo mode, each of them lets the demo person in (the control)', async () => {
    for (const { route, res } of await useSession(demo.token))
      expect(res.statusCode, route).toBeLessThan(300);
    expect((await signInWithPasskey(demo.passkeyId)).statusCode).toBe(200);
    expect((await lookup(TRIPLE)).json()).toMatchObject({ student_id: amara.id });
    expect((await verifyUser(amara.id, amara.proof)).statusCode).toBe(200);
    const onboarding = await t.app.inject({
      method: 'GET',
      url: API_PATHS.userProfile,
      headers: { authorization: `Bearer ${amara.onboardingToken}` },
    });
    expect(onboarding.json()).toMatchObject({ id: amara.id, sessionScope: 'onboarding' });
  });

  describe('after a restart with DEMO_MODE=false', () => {
    beforeAll(async () => {
      await t.restart({ DEMO_MODE: 'false' });
    });

    it("refuses the demo-login session's reads and writes with the usual 401", async () => {
      for (const { route, res } of await useSession(demo.token)) {
        expect(res.statusCode, route).toBe(401);
        expect(res.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
      }
    });

    it('refuses the real passkey the demo student registered, as any failed sign-in', async () => {
      const res = await signInWithPasskey(demo.passkeyId);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(SIGN_IN_REFUSED);
    });

    it("answers the published onboarding triple with the lookup's uniform miss, and no proof", async () => {
      const res = await lookup(TRIPLE);
      const miss = await lookup({ ...TRIPLE, passport_number: 'X7654321' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(NO_MATCH);
      expect(res.body).toBe(miss.body);
      expect(res.cookies).toEqual([]);
    });

    it('refuses the onboarding session and the lookup proof issued in demo mode', async () => {
      const profile = await t.app.inject({
        method: 'GET',
        url: API_PATHS.userProfile,
        headers: { authorization: `Bearer ${amara.onboardingToken}` },
      });
      expect(profile.statusCode).toBe(401);
      expect(profile.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
      const exchanged = await verifyUser(amara.id, amara.proof);
      expect(exchanged.statusCode).toBe(401);
      expect(exchanged.json()).toEqual(PROOF_MISSING);
    });

    it('lets the same session and passkey in once their student is a real one: only demo people are refused', async () => {
      await t.app.db.update(students).set({ demo: null }).where(eq(students.id, demo.studentId));
      for (const { route, res } of await useSession(demo.token))
        expect(res.statusCode, route).toBeLessThan(300);
      expect((await signInWithPasskey(demo.passkeyId)).statusCode).toBe(200);
    });
  });
});

describe.each(testDatabaseKinds())(
  'demo people of a database seeded before they were marked, on $name',
  (kind) => {
    it('are marked by the migration that brings the mark, and real students are not', async () => {
      const database = await kind.create({ persistent: true });
      const older = copyOfMigrations({ before: '_students_demo' });
      try {
        const before = openDatabase(database.location, () => undefined, older.folder);
        await before.migrate();
        // As the demo seed wrote its people, and as an import writes a real student.
        await before.db.execute(sql`insert into students
          (first_name, last_name, email, passport_number_hash, date_of_birth_hash) values
          ('Priya', 'Sharma', 'Priya.Sharma@demo.student-portal.test', 'p1', 'd1'),
          ('Ada', 'Lovelace', 'ada@example.com', 'p2', 'd2')`);
        await before.close();

        const current = openDatabase(database.location, () => undefined);
        await current.migrate();
        const rows = await current.db
          .select({ firstName: students.firstName, demo: students.demo })
          .from(students)
          .orderBy(students.firstName);
        await current.close();
        expect(rows).toEqual([
          { firstName: 'Ada', demo: null },
          { firstName: 'Priya', demo: 'persona' },
        ]);
      } finally {
        await database.drop();
        rmSync(older.folder, { recursive: true, force: true });
      }
    });
  },
);
