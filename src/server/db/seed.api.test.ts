import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupHash, normaliseInviteCode, normalisePassportNumber } from '../lib/crypto.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';
import { DEMO_LOGIN_EMAIL, ONBOARDING_DEMO_STUDENT } from './demo-identities.js';
import { isEmpty } from './seed.js';
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

  it('is no longer empty, so a restart does not seed twice', async () => {
    expect(await isEmpty(db())).toBe(false);
  });
});
