import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../shared/api-paths.js';
import { ZLoginResponseSchema } from '../shared/auth.js';
import { ZCreateVerificationSessionResponseSchema } from '../shared/identity-verification.js';
import { ZMessageListResponseSchema } from '../shared/messages.js';
import { dateOfBirthToUtcTimestamp } from '../shared/onboarding.js';
import {
  ZAuthenticationOptionsSchema,
  ZPasskeyCompleteResponseSchema,
  ZRegistrationOptionsSchema,
} from '../shared/passkeys.js';
import { WAITLIST_FEATURE } from '../shared/waitlist.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { ONBOARDING_DEMO_STUDENT } from './db/demo-identities.js';
import { students } from './db/schema.js';
import { DEMO_STUDENTS } from './db/seed-data/demo-people.js';
import { seedDemoData } from './db/seed.js';
import { WAITLIST_SIGNUPS_PER_ADDRESS } from './modules/waitlist/routes.js';
import { LOOKUP_PROOF_COOKIE } from './modules/onboarding/lookup-proof.js';
import { runAdminCommand } from './test/run-admin-command.js';
import { SoftwareAuthenticator } from './test/software-authenticator.js';
import { TEST_DATA_KEY, TEST_TOKEN_SECRET } from './test/test-app.js';
import { type TestDatabase, testDatabaseKinds } from './test/test-databases.js';

const postgres = testDatabaseKinds().find((kind) => kind.name === 'postgres');
const ORIGIN = 'http://localhost:5000';

/** One listening server instance, called over real HTTP as a load balancer would. */
interface Instance {
  app: FastifyInstance;
  url: string;
}

async function call(
  instance: Instance,
  path: string,
  init: { method?: string; body?: unknown; token?: string; cookie?: string; form?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.cookie) headers.cookie = init.cookie;
  let body: string | undefined;
  if (init.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = init.form;
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const method = init.method ?? (body === undefined ? 'GET' : 'POST');
  return fetch(new URL(path, instance.url), { method, headers, body, redirect: 'manual' });
}

// PGlite is one process's database, so two instances need PostgreSQL: CI sets TEST_DATABASE_URL.
describe.skipIf(!postgres)(
  'two server instances on one PostgreSQL database (skipped: set TEST_DATABASE_URL to run)',
  () => {
    let database: TestDatabase;
    let dataDir: string;
    let a: Instance;
    let b: Instance;
    let migrationsApplied = 0;
    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN, rpId: 'localhost' });

    beforeAll(async () => {
      if (!postgres) return;
      database = await postgres.create();
      // Shared files as the instances would share a bucket; each instance has its own process memory.
      dataDir = mkdtempSync(join(tmpdir(), 'portal-multi-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        TOKEN_SECRET: TEST_TOKEN_SECRET,
        DATA_KEY: TEST_DATA_KEY,
        LOG_LEVEL: 'silent',
      });
      const build = () =>
        buildApp(
          { ...config, database: database.location },
          { webDistDir: join(dataDir, 'no-web') },
        );
      const [appA, appB] = await Promise.all([build(), build()]);
      // As main.ts does on each instance, both at once on an empty database: migrate, then seed.
      await Promise.all([appA.database.migrate(), appB.database.migrate()]);
      await Promise.all([
        seedDemoData(appA.db, appA.dataKeys),
        seedDemoData(appB.db, appB.dataKeys),
      ]);
      const listen = async (app: FastifyInstance): Promise<Instance> => {
        await app.listen({ port: 0, host: '127.0.0.1' });
        return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
      };
      [a, b] = await Promise.all([listen(appA), listen(appB)]);
      const [row] = (
        (await appA.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as { rows: { n: number }[] }
      ).rows;
      migrationsApplied = row?.n ?? 0;
    });

    afterAll(async () => {
      // Each may be unset when beforeAll failed part-way (the types cannot know).
      const started = [a as Instance | undefined, b as Instance | undefined];
      for (const instance of started) await instance?.app.close();
      await (database as TestDatabase | undefined)?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('migrated and seeded once when both started together, and both are ready', async () => {
      const files = (await import('drizzle-orm/migrator')).readMigrationFiles({
        migrationsFolder: join(import.meta.dirname, '../../drizzle'),
      });
      expect(migrationsApplied).toBe(files.length);
      const [seeded] = await a.app.db.select({ n: count() }).from(students);
      expect(seeded?.n).toBe(DEMO_STUDENTS.length);
      for (const instance of [a, b]) {
        const ready = await call(instance, '/readyz');
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({ status: 'ok' });
      }
    });

    it('onboards a student whose requests alternate between the instances', async () => {
      // The lookup on A; its proof cookie turned into an onboarding session on B.
      const lookup = await call(a, API_PATHS.getStudentId, {
        body: {
          invite_code: ONBOARDING_DEMO_STUDENT.inviteCode,
          passport_number: ONBOARDING_DEMO_STUDENT.passportNumber,
          date_of_birth: dateOfBirthToUtcTimestamp(ONBOARDING_DEMO_STUDENT.dateOfBirth),
        },
      });
      expect(lookup.status).toBe(200);
      const { student_id: studentId } = (await lookup.json()) as { student_id: string };
      const proof = lookup.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${LOOKUP_PROOF_COOKIE}=`))
        ?.split(';')[0];
      const verified = await call(b, API_PATHS.verifyUser, { body: { studentId }, cookie: proof });
      expect(verified.status).toBe(200);
      const onboarding = ZLoginResponseSchema.parse(await verified.json()).token;

      // The identity check opened on A, its page shown by B, Approve pressed back on A.
      const opened = await call(a, API_PATHS.veriffSession, { body: {}, token: onboarding });
      expect(opened.status).toBe(200);
      const { sessionUrl } = ZCreateVerificationSessionResponseSchema.parse(await opened.json());
      const page = await (await call(b, new URL(sessionUrl).pathname)).text();
      const form = page.split('</form>').find((f) => f.includes('>Approve</button>')) ?? '';
      const action = /action="([^"]+)"/.exec(form)?.[1] ?? '';
      const fields = Object.fromEntries(
        [...form.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
      );
      const approved = await call(a, action, { form: new URLSearchParams(fields).toString() });
      expect(await approved.text()).toContain('Decision sent');

      // The passkey ceremony begun on A is completed on B: the challenge lives in the database.
      const begin = await call(a, API_PATHS.registerBegin, {
        body: { username: 'amara' },
        token: onboarding,
      });
      expect(begin.status).toBe(200);
      const credential = authenticator.register(
        ZRegistrationOptionsSchema.parse(await begin.json()),
      );
      const registered = await call(b, API_PATHS.registerComplete, {
        body: { credential },
        token: onboarding,
      });
      expect(registered.status).toBe(200);

      // Sign-in begun on B, completed on A; the session then reads on B.
      const signInBegin = await call(b, API_PATHS.authenticateBegin, { body: {} });
      const options = ZAuthenticationOptionsSchema.parse(await signInBegin.json());
      const signedIn = await call(a, API_PATHS.authenticateComplete, {
        body: { credential: authenticator.authenticate(options, credential.id) },
      });
      expect(signedIn.status).toBe(200);
      const token = ZPasskeyCompleteResponseSchema.parse(await signedIn.json()).token;
      const profile = await call(b, API_PATHS.userProfile, { token });
      expect(profile.status).toBe(200);
      expect(await profile.json()).toMatchObject({ id: studentId, faceVerified: true });

      // Revoked through the admin command line on A's connection: B refuses the session at once.
      const revoked = await runAdminCommand(a.app, ['revoke-access', studentId]);
      expect(revoked.code).toBe(0);
      expect((await call(b, API_PATHS.userProfile, { token })).status).toBe(401);
      const [row] = await b.app.db
        .select({ faceVerified: students.faceVerified })
        .from(students)
        .where(eq(students.id, studentId));
      expect(row?.faceVerified).toBe(false);
    });

    it('counts one rate limit across both instances', async () => {
      const { limit } = WAITLIST_SIGNUPS_PER_ADDRESS;
      const statuses: number[] = [];
      for (let i = 0; i < limit; i += 1) {
        const res = await call(i % 2 === 0 ? a : b, API_PATHS.waitlist, {
          body: { email: `student${i}@example.com`, feature: WAITLIST_FEATURE },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual(Array<number>(limit).fill(200));
      for (const instance of [a, b]) {
        const refused = await call(instance, API_PATHS.waitlist, {
          body: { email: 'one-too-many@example.com', feature: WAITLIST_FEATURE },
        });
        expect(refused.status).toBe(429);
        expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    });

    it("serves one student's reads and writes from either instance", async () => {
      const login = await call(b, API_PATHS.demoLogin, { body: {} });
      const token = ZLoginResponseSchema.parse(await login.json()).token;
      const sent = await call(a, API_PATHS.messages, {
        token,
        body: { to: 'Admissions Office', subject: 'From instance A', content: 'Hello from A.' },
      });
      expect(sent.status).toBe(201);
      const listed = ZMessageListResponseSchema.parse(
        await (await call(b, API_PATHS.messages, { token })).json(),
      );
      expect(listed.some((m) => m.subject === 'From instance A')).toBe(true);
      const [dataA, dataB] = await Promise.all(
        [a, b].map(async (instance): Promise<unknown> =>
          (await call(instance, API_PATHS.applicantData, { token, method: 'POST' })).json(),
        ),
      );
      expect(dataB).toEqual(dataA);
      const waitTimes = await Promise.all(
        [a, b].map(async (instance): Promise<unknown> =>
          (await call(instance, API_PATHS.visaWaitTimes)).json(),
        ),
      );
      expect(waitTimes[1]).toEqual(waitTimes[0]);
    });
  },
);
