import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { lookupHash, normaliseInviteCode } from '../lib/crypto.js';
import { normalisePassportNumber } from '../../shared/onboarding.js';
import { startTestApp, TEST_DATA_KEY, TEST_TOKEN_SECRET, type TestApp } from '../test/test-app.js';
import { type TestDatabase, testDatabaseKinds } from '../test/test-databases.js';
import type { Database } from './client.js';
import { DEMO_LOGIN_EMAIL, ONBOARDING_DEMO_STUDENT } from './demo-identities.js';
import { seedDemoData } from './seed.js';
import { seedReferenceData } from './seed-reference-data.js';
import * as t from './schema.js';

describe.each(testDatabaseKinds())('demo data on $name', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  const db = () => app.app.db;

  it('makes the onboarding demo student findable by invite, passport and birth date, unverified and without a passkey', async () => {
    const keys = app.app.dataKeys;
    const [row] = await db()
      .select({ student: t.students, invite: t.invites })
      .from(t.invites)
      .innerJoin(t.students, eq(t.students.id, t.invites.studentId))
      .where(
        eq(
          t.invites.codeHash,
          lookupHash(keys, normaliseInviteCode(ONBOARDING_DEMO_STUDENT.inviteCode)),
        ),
      );
    expect(row?.student.passportNumberHash).toBe(
      lookupHash(keys, normalisePassportNumber(ONBOARDING_DEMO_STUDENT.passportNumber)),
    );
    expect(row?.student.dateOfBirthHash).toBe(
      lookupHash(keys, ONBOARDING_DEMO_STUDENT.dateOfBirth),
    );
    expect(row?.student.faceVerified).toBe(false);
    expect(row?.invite.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const passkeys = await db()
      .select()
      .from(t.passkeyCredentials)
      .where(eq(t.passkeyCredentials.studentId, row?.student.id ?? ''));
    expect(passkeys).toHaveLength(0);
  });

  it('gives the demo-login student the states the dashboard shows', async () => {
    const [student] = await db()
      .select()
      .from(t.students)
      .where(eq(t.students.email, DEMO_LOGIN_EMAIL));
    if (!student?.schoolId) throw new Error('demo-login student is missing');
    expect(student).toMatchObject({
      faceVerified: true,
      i20Issued: false,
      sevisPaid: false,
      moiStatus: 'Incomplete',
    });
    const [school] = await db().select().from(t.schools).where(eq(t.schools.id, student.schoolId));
    expect(school?.requireMoi).toBe(true);
    const apps = await db()
      .select()
      .from(t.applications)
      .where(eq(t.applications.studentId, student.id));
    expect(apps.map((a) => a.status)).toEqual(
      expect.arrayContaining(['documents_required', 'accepted']),
    );
    const inbox = await db().select().from(t.messages).where(eq(t.messages.studentId, student.id));
    expect(inbox.some((m) => !m.isRead)).toBe(true);
    expect(inbox.some((m) => m.isRead)).toBe(true);
  });

  it('marks every person it seeds a demo persona, whom no path lets in outside demo mode', async () => {
    const people = await db().select({ demo: t.students.demo }).from(t.students);
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((person) => person.demo === 'persona')).toBe(true);
  });

  it('covers MOI required and not, I-20 issued and not, SEVIS paid and not', async () => {
    const rows = await db()
      .select({
        requireMoi: t.schools.requireMoi,
        i20: t.students.i20Issued,
        sevis: t.students.sevisPaid,
      })
      .from(t.students)
      .innerJoin(t.schools, eq(t.schools.id, t.students.schoolId));
    for (const key of ['requireMoi', 'i20', 'sevis'] as const) {
      expect(new Set(rows.map((r) => r[key]))).toEqual(new Set([true, false]));
    }
  });

  it('loads all 241 consulates of the State Department snapshot and the three interview questions', async () => {
    const posts = await db().select().from(t.visaWaitTimes);
    expect(posts).toHaveLength(241);
    expect(posts.find((p) => p.post === 'Abuja')).toMatchObject({
      country: 'Nigeria',
      studentVisaWaitTime: '4.5 Months',
    });
    expect(await db().select().from(t.moiQuestions)).toHaveLength(3);
  });

  it('stores no passport number or birth date in the clear anywhere', async () => {
    const rowsAsJson = (table: typeof t.students | typeof t.profiles | typeof t.invites) =>
      db()
        .select({ row: sql<string>`row_to_json(${table})::text` })
        .from(table);
    const dump = [
      ...(await rowsAsJson(t.students)),
      ...(await rowsAsJson(t.profiles)),
      ...(await rowsAsJson(t.invites)),
    ];
    const text = dump.map((r) => r.row).join('\n');
    expect(text.length).toBeGreaterThan(1000);
    for (const secret of [
      ONBOARDING_DEMO_STUDENT.passportNumber,
      ONBOARDING_DEMO_STUDENT.dateOfBirth,
      ONBOARDING_DEMO_STUDENT.inviteCode,
      'Z7654321',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('adds nothing when seeded again, as on a restart', async () => {
    const before = await rowCounts(db());
    expect(await seedDemoData(db(), app.app.dataKeys)).toEqual([]);
    expect(await rowCounts(db())).toEqual(before);
  });
});

/** How many rows the seed's tables hold, to show a second seed wrote nothing. */
async function rowCounts(db: Database) {
  const tables = {
    visaWaitTimes: t.visaWaitTimes,
    visaWaitTimeRefreshes: t.visaWaitTimeRefreshes,
    moiQuestions: t.moiQuestions,
    schools: t.schools,
    agencies: t.agencies,
    students: t.students,
    staff: t.staff,
    invites: t.invites,
    applications: t.applications,
    messages: t.messages,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

describe.each(testDatabaseKinds())('reference data without demo mode on $name', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-seed-'));
  let database: TestDatabase;
  let apps: [FastifyInstance, FastifyInstance];
  beforeAll(async () => {
    database = await kind.create();
    const build = () =>
      buildApp(
        {
          ...loadConfig({
            NODE_ENV: 'test',
            DATA_DIR: dataDir,
            TOKEN_SECRET: TEST_TOKEN_SECRET,
            DATA_KEY: TEST_DATA_KEY,
            LOG_LEVEL: 'silent',
            DEMO_MODE: 'false',
            VISA_WAIT_TIMES_REFRESH_HOURS: '0',
          }),
          database: database.location,
        },
        { webDistDir: join(dataDir, 'no-web') },
      );
    const first = await build();
    await first.database.migrate();
    // Two instances starting together on PostgreSQL; PGlite has a single client.
    apps = kind.name === 'postgres' ? [first, await build()] : [first, first];
  });
  afterAll(async () => {
    for (const app of new Set(apps)) await app.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => apps[0].db;

  it('loads every consulate and the three interview questions once, however many instances start', async () => {
    const seeded = await Promise.all(apps.map((app) => seedReferenceData(app.db)));
    expect(seeded.flat().sort()).toEqual(['MOI questions', 'visa wait times']);
    expect(await rowCounts(db())).toMatchObject({
      visaWaitTimes: 241,
      visaWaitTimeRefreshes: 1,
      moiQuestions: 3,
      students: 0,
      schools: 0,
    });
  });

  it('serves all of them from GET /api/visa-wait-times, with no refresh yet', async () => {
    const res = await apps[0].inject({ method: 'GET', url: API_PATHS.visaWaitTimes });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(241);
  });

  it('adds nothing on a restart, and keeps what a refresh or an editor changed', async () => {
    await db()
      .update(t.visaWaitTimes)
      .set({ studentVisaWaitTime: '3 Months' })
      .where(eq(t.visaWaitTimes.post, 'Abuja'));
    await db().delete(t.visaWaitTimes).where(eq(t.visaWaitTimes.post, 'Accra'));
    const before = await rowCounts(db());
    expect(await seedReferenceData(db())).toEqual([]);
    expect(await rowCounts(db())).toEqual(before);
    const [abuja] = await db()
      .select()
      .from(t.visaWaitTimes)
      .where(eq(t.visaWaitTimes.post, 'Abuja'));
    expect(abuja?.studentVisaWaitTime).toBe('3 Months');
  });

  it('adds the demo people once when demo mode is turned on, keeping the reference data', async () => {
    const before = await rowCounts(db());
    const seeded = await Promise.all(apps.map((app) => seedDemoData(app.db, app.dataKeys)));
    expect(seeded.flat()).toEqual(['demo people and organisations']);
    const after = await rowCounts(db());
    expect(after).toMatchObject({
      visaWaitTimes: before.visaWaitTimes,
      visaWaitTimeRefreshes: before.visaWaitTimeRefreshes,
      moiQuestions: 3,
      schools: 2,
      agencies: 2,
      students: 7,
      staff: 3,
    });
    const [demoLogin] = await db()
      .select()
      .from(t.students)
      .where(eq(t.students.email, DEMO_LOGIN_EMAIL));
    expect(demoLogin?.faceVerified).toBe(true);
  });
});
