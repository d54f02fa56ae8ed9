import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { dateOfBirthToUtcTimestamp } from '../../shared/onboarding.js';
import {
  ZAuthenticationOptionsSchema,
  ZPasskeyCompleteResponseSchema,
  ZRegistrationOptionsSchema,
} from '../../shared/passkeys.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import {
  DEMO_LOGIN_EMAIL,
  DEMO_PERSONA_EMAILS,
  ONBOARDING_DEMO_STUDENT,
} from '../db/demo-identities.js';
import { invites, rateLimits, students } from '../db/schema.js';
import { seedDemoData } from '../db/seed.js';
import { deriveDataKeys, lookupHash } from '../lib/crypto.js';
import { auditLogMark } from '../test/audit-log-mark.js';
import { databaseDigest, runAdminCommand, runAdminFromEnv } from '../test/run-admin-command.js';
import { SoftwareAuthenticator } from '../test/software-authenticator.js';
import { startTestApp, TEST_DATA_KEY, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';
import { WHOLE_PROFILE } from '../test/whole-profile.js';

const NEW_KEY = 'a1'.repeat(32);
const WRONG_KEY = '5c'.repeat(32);
const CODE = /[2-9A-HJ-NP-Z]{4}(?:-[2-9A-HJ-NP-Z]{4}){6}/;
const FARIDA = DEMO_PERSONA_EMAILS['interview-due'];
const KOFI = { email: 'kofi@example.com', passport: 'G1234567', birth: '2001-04-05' };

/** Priya's whole profile (all four sealed fields hold something); passport and birth date as seeded. */
const PRIYA_PROFILE = { ...WHOLE_PROFILE, email: DEMO_LOGIN_EMAIL, passportNumber: 'z765 4321' };

describe.each(testDatabaseKinds())('rotate-data-key on $name', (kind) => {
  let t: TestApp;
  let dir: string;
  let kofiOldCode = '';
  let priyaPasskey = '';
  const authenticator = new SoftwareAuthenticator({
    origin: 'http://localhost:5000',
    rpId: 'localhost',
  });
  const keyFile = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text, { mode: 0o600 });
    return path;
  };
  const admin = (...argv: string[]) => runAdminCommand(t.app, argv);
  // The test app's own pool is connected beside the command on PostgreSQL.
  const rotate = (...argv: string[]) =>
    admin('rotate-data-key', '--allow-other-connections', ...argv);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const post = (url: string, payload: object, headers = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const lookup = async (inviteCode: string, passport: string, birth: string) =>
    (
      await post(API_PATHS.getStudentId, {
        invite_code: inviteCode,
        passport_number: passport,
        date_of_birth: dateOfBirthToUtcTimestamp(birth),
      })
    ).json<{ student_id: string | null; first_name?: string }>();
  const profileOf = (token: string) =>
    t.app.inject({ method: 'GET', url: API_PATHS.profile, headers: bearer(token) });
  const studentId = async (email: string) =>
    (await t.app.db.select({ id: students.id }).from(students).where(eq(students.email, email)))[0]
      ?.id ?? '';
  /** A session of the seeded student (not a demo visitor's copy): their own data is rotated. */
  const sessionOf = async (email: string) =>
    t.app.sessionTokens.issue(await studentId(email), 'student');

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { persistent: true });
    dir = mkdtempSync(join(tmpdir(), 'rotate-data-key-'));
    // An imported student, with an invite code only they were given.
    const imported = await admin(
      'import-students',
      keyFile(
        'students.csv',
        `first_name,last_name,email,passport_number,date_of_birth,school\nKofi,Mensah,${KOFI.email},${KOFI.passport},${KOFI.birth},Lakeshore State University\n`,
      ),
    );
    kofiOldCode = CODE.exec(imported.out)?.[0] ?? '';
    // Priya registers a passkey (using up her invite) and fills in her whole profile.
    const priya = await studentId(DEMO_LOGIN_EMAIL);
    const [invite] = await t.app.db.select().from(invites).where(eq(invites.studentId, priya));
    const onboarding = await t.app.sessionTokens.issue(priya, 'onboarding', invite?.id ?? 0);
    const options = ZRegistrationOptionsSchema.parse(
      (
        await post(
          API_PATHS.registerBegin,
          { username: DEMO_LOGIN_EMAIL, userId: priya },
          bearer(onboarding),
        )
      ).json(),
    );
    const credential = authenticator.register(options);
    const registered = await post(API_PATHS.registerComplete, { credential }, bearer(onboarding));
    expect(registered.statusCode).toBe(200);
    priyaPasskey = credential.id;
    const token = ZPasskeyCompleteResponseSchema.parse(registered.json()).token;
    const saved = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.profile,
      headers: bearer(token),
      payload: PRIYA_PROFILE,
    });
    expect(saved.statusCode).toBe(200);
    // An address-keyed rate-limit bucket and a per-student one.
    await lookup('NOPE-0000', 'X0000000', '2000-01-01');
    await t.app.db.insert(rateLimits).values({
      bucket: `messages:student:${priya}`,
      hits: 3,
      windowEndsAt: new Date(Date.now() + 3_600_000),
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses bad keys, a key that cannot read the data, and changed profiles, changing nothing', async () => {
    // Farida changed her passport number in her profile since she was imported.
    const farida = await sessionOf(FARIDA);
    const changed = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.profile,
      headers: bearer(farida),
      payload: {
        ...PRIYA_PROFILE,
        firstName: 'Farida',
        email: FARIDA,
        passportNumber: 'BR9990001',
        dateOfBirth: '2000-09-08',
      },
    });
    expect(changed.statusCode).toBe(200);
    const faridaId = await studentId(FARIDA);
    const before = await databaseDigest(t.app);
    const newKey = keyFile('new-key', `${NEW_KEY}\n`);
    const cases: [string[], number, string][] = [
      [[], 2, 'rotate-data-key: --new-key-file <file> is required'],
      [['--new-key-file', join(dir, 'missing')], 1, `Cannot read ${join(dir, 'missing')}: ENOENT`],
      [
        ['--new-key-file', keyFile('short', 'abc123')],
        1,
        'must hold the new key alone: 64 hexadecimal characters',
      ],
      [
        ['--new-key-file', keyFile('same', TEST_DATA_KEY)],
        1,
        'The new key is the current DATA_KEY: nothing to rotate.',
      ],
      [['--new-key-file', newKey, '--dry-run', '--new-key'], 2, "Unknown option '--new-key'"],
      [['--new-key-file', newKey], 1, `${faridaId} ${FARIDA}: passport number\n`],
    ];
    for (const [argv, code, message] of cases) {
      const run = await rotate(...argv);
      expect({ argv, code: run.code }).toEqual({ argv, code });
      expect(run.err).toContain(message);
    }
    const refusedFarida = await rotate('--new-key-file', newKey);
    expect(refusedFarida.err).toContain('The lookup hashes of 1 student cannot be carried over');
    expect(refusedFarida.err).toContain('Run again with --use-profile-values');

    // A server started with another key than the data was written with.
    await t.restart({ DATA_KEY: WRONG_KEY });
    const wrong = await rotate('--new-key-file', newKey);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(
      /^Cannot decrypt profiles\.passport_number_encrypted of student [0-9a-f-]{36} with the current DATA_KEY\. .*Nothing was changed\.$/,
    );
    await t.restart();
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it.runIf(kind.name === 'postgres')(
    'refuses while another session is connected to the database (a dry run goes on)',
    async () => {
      const url = 'url' in t.app.config.database ? t.app.config.database.url : '';
      const other = new pg.Client({ connectionString: url, application_name: 'old-portal' });
      await other.connect();
      try {
        const newKey = keyFile('k', NEW_KEY);
        const dryRun = await admin(
          'rotate-data-key',
          '--new-key-file',
          newKey,
          '--dry-run',
          '--use-profile-values',
        );
        expect(dryRun).toMatchObject({ code: 0, err: '' });
        const run = await admin(
          'rotate-data-key',
          '--new-key-file',
          newKey,
          '--use-profile-values',
        );
        expect(run.code).toBe(1);
        expect(run.err).toContain('old-portal from');
        expect(run.err).toContain('stop every server first');
      } finally {
        await other.end();
      }
    },
  );

  it('reports per table and column in a dry run, after decrypting everything, and writes nothing', async () => {
    const before = await databaseDigest(t.app);
    const run = await rotate(
      '--new-key-file',
      keyFile('dry', NEW_KEY),
      '--dry-run',
      '--use-profile-values',
    );
    expect(run).toMatchObject({ code: 0, err: '' });
    const rows: Record<string, number> = {};
    for (const line of run.out.split('\n').slice(1, -1)) {
      const [name = '', count] = line.split(/\s{2,}/);
      rows[name] = Number(count);
    }
    // Seven seeded students and Kofi; Priya and Farida saved their whole profiles.
    expect(rows).toEqual({
      'profiles.passport_number_encrypted': 8,
      'profiles.date_of_birth_encrypted': 8,
      'profiles.medical_conditions_encrypted': 2,
      'profiles.emergency_contact_encrypted': 2,
      'students.passport_number_hash': 8,
      'students.date_of_birth_hash': 8,
      'invites.code_hash': 8,
      'rate_limits.bucket': 1,
    });
    expect(run.out).toContain(
      '6 open: new codes; 1 published demo code kept; 1 used, revoked or expired: match nothing',
    );
    expect(run.out).toContain('(1 from a changed profile value)');
    expect(run.out).toContain('Nothing was changed.');
    expect(run.out).not.toMatch(CODE);
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it('rotates: the new key reads everything and finds every student, the old key no longer does', async () => {
    const codesOut = join(dir, 'codes.csv');
    const written = await auditLogMark(t.app);
    const run = await rotate(
      '--new-key-file',
      keyFile('rotate', NEW_KEY),
      '--use-profile-values',
      '--codes-out',
      codesOut,
    );
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toContain('DATA_KEY rotated; every value was read back with the new key.');
    // The audit log has the rotation, with how many values of each column it moved (no key).
    expect(await written()).toEqual([
      {
        actor: 'command-line',
        staffId: null,
        address: null,
        action: 'data-key.rotate',
        studentId: null,
        details: {
          values: {
            'profiles.passport_number_encrypted': 8,
            'profiles.date_of_birth_encrypted': 8,
            'profiles.medical_conditions_encrypted': 2,
            'profiles.emergency_contact_encrypted': 2,
            'students.passport_number_hash': 8,
            'students.date_of_birth_hash': 8,
            'invites.code_hash': 8,
            'rate_limits.bucket': 1,
          },
        },
      },
    ]);
    expect(statSync(codesOut).mode & 0o777).toBe(0o600);
    const kofiNewCode = new RegExp(`${KOFI.email},Kofi,Mensah,(${CODE.source}),`).exec(
      readFileSync(codesOut, 'utf8'),
    )?.[1];
    expect(kofiNewCode).toBeDefined();
    expect(kofiNewCode).not.toBe(kofiOldCode);
    const buckets = await t.app.db.select({ bucket: rateLimits.bucket }).from(rateLimits);
    expect(buckets.map((b) => b.bucket)).toEqual([
      `messages:student:${await studentId(DEMO_LOGIN_EMAIL)}`,
    ]);

    // This server still has the old key: it can read nothing the rotation wrote.
    const stale = await sessionOf(DEMO_LOGIN_EMAIL);
    expect((await profileOf(stale)).statusCode).toBe(500);
    expect(
      await lookup(
        ONBOARDING_DEMO_STUDENT.inviteCode,
        ONBOARDING_DEMO_STUDENT.passportNumber,
        ONBOARDING_DEMO_STUDENT.dateOfBirth,
      ),
    ).toMatchObject({ student_id: null });
    expect(await lookup(kofiNewCode ?? '', KOFI.passport, KOFI.birth)).toMatchObject({
      student_id: null,
    });

    await t.restart({ DATA_KEY: NEW_KEY });
    const begin = ZAuthenticationOptionsSchema.parse(
      (await post(API_PATHS.authenticateBegin, {})).json(),
    );
    const signIn = await post(API_PATHS.authenticateComplete, {
      credential: authenticator.authenticate(begin, priyaPasskey),
    });
    expect(signIn.statusCode).toBe(200);
    const profile = await profileOf(ZPasskeyCompleteResponseSchema.parse(signIn.json()).token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(PRIYA_PROFILE);

    expect(
      await lookup(
        ONBOARDING_DEMO_STUDENT.inviteCode,
        ' x123 4567',
        ONBOARDING_DEMO_STUDENT.dateOfBirth,
      ),
    ).toMatchObject({ first_name: 'Amara' });
    expect(await lookup(kofiNewCode ?? '', KOFI.passport, KOFI.birth)).toMatchObject({
      first_name: 'Kofi',
    });
    expect(await lookup(kofiOldCode, KOFI.passport, KOFI.birth)).toMatchObject({
      student_id: null,
    });
    const [farida] = await t.app.db
      .select({ hash: students.passportNumberHash })
      .from(students)
      .where(eq(students.email, FARIDA));
    expect(farida?.hash).toBe(lookupHash(deriveDataKeys(Buffer.from(NEW_KEY, 'hex')), 'BR9990001'));
  });
});

describe('rotate-data-key with the generated development key', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'rotate-dev-key-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('rotates the key of DATA_DIR/dev-secrets.json, and the data reads with what it then holds', async () => {
    // No DATA_KEY: outside production the key is generated into DATA_DIR/dev-secrets.json.
    const env = { NODE_ENV: 'development', DATA_DIR: dataDir };
    const config = loadConfig(env);
    const handle = openDatabase({ dataDir }, () => undefined);
    await handle.migrate();
    await seedDemoData(handle.db, deriveDataKeys(config.dataKey));
    await handle.close();
    const secretsFile = join(dataDir, 'dev-secrets.json');
    const before = JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, string>;
    const cli = (...argv: string[]) => runAdminFromEnv(env, argv);
    const newKeyFile = join(dataDir, 'new-key');
    writeFileSync(newKeyFile, NEW_KEY);

    const run = await cli('rotate-data-key', '--new-key-file', newKeyFile);
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toContain(`${dataDir}/dev-secrets.json now holds the new key`);
    const after = JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, string>;
    expect(after).toEqual({ ...before, DATA_KEY: NEW_KEY });
    expect(statSync(secretsFile).mode & 0o777).toBe(0o600);

    // A dry run decrypts every value with the current key, now the one the file holds.
    writeFileSync(newKeyFile, WRONG_KEY);
    const check = await cli('rotate-data-key', '--new-key-file', newKeyFile, '--dry-run');
    expect(check).toMatchObject({ code: 0, err: '' });
    expect(check.out).toContain('profiles.passport_number_encrypted');
  });
});
