import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import { PROFILE_MESSAGES, type TProfile, ZProfileSchema } from '../../../shared/profile.js';
import { profiles, students } from '../../db/schema.js';
import { decryptField } from '../../lib/crypto.js';
import { onboardingTokenFor } from '../../test/onboarding-token.js';
import { bearer, type SignedIn, signIn } from '../../test/sign-in.js';
import { WHOLE_PROFILE as saved } from '../../test/whole-profile.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { NOT_VERIFIED, UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';

describe.each(testDatabaseKinds())('profile on $name', (kind) => {
  let t: TestApp;
  let priya: SignedIn;
  let lucas: SignedIn;

  const read = (token: string | undefined) =>
    t.app.inject({ method: 'GET', url: API_PATHS.profile, headers: bearer(token) });
  const save = (token: string | undefined, payload: object) =>
    t.app.inject({ method: 'PUT', url: API_PATHS.profile, headers: bearer(token), payload });
  const storedRow = async (studentId: string) => {
    const [row] = await t.app.db.select().from(profiles).where(eq(profiles.studentId, studentId));
    return row;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    priya = await signIn(t.app, 'moi-required');
    lucas = await signIn(t.app, 'sevis-due');
  });
  afterAll(() => t.close());

  it("answers the seeded profile, with the passport and birth date decrypted and the spec's defaults", async () => {
    const res = await read(priya.token);
    expect(res.statusCode).toBe(200);
    expect(ZProfileSchema.strict().parse(res.json())).toMatchObject({
      firstName: 'Priya',
      lastName: 'Sharma',
      email: 'priya.sharma@demo.student-portal.test',
      passportNumber: 'Z7654321',
      dateOfBirth: '2001-06-02',
      nationality: 'India',
      country: 'United States',
      visaStatus: 'F-1',
      emergencyContactName: '',
      medicalConditions: '',
      housingPreference: '',
    });
  });

  it('saves the whole profile and answers it, and a later read shows it', async () => {
    const res = await save(priya.token, saved);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(saved);
    expect((await read(priya.token)).json()).toEqual(saved);
  });

  it('saves trimmed values, and saves again over the first save', async () => {
    const second = { ...saved, city: '  Pune ', housingPreference: '', medicalConditions: '' };
    const res = await save(priya.token, second);
    expect(res.statusCode).toBe(200);
    expect((await read(priya.token)).json<TProfile>()).toMatchObject({
      city: 'Pune',
      housingPreference: '',
      medicalConditions: '',
    });
    expect((await storedRow(priya.id))?.medicalConditionsEncrypted).toBeNull();
    expect((await save(priya.token, saved)).statusCode).toBe(200);
  });

  it('keeps passport, birth date, medical conditions and emergency contact sealed at rest', async () => {
    await save(priya.token, saved);
    const [dump] = await t.app.db
      .select({ text: sql<string>`row_to_json(${profiles})::text` })
      .from(profiles)
      .where(eq(profiles.studentId, priya.id));
    expect(dump?.text).toContain('42 Marine Drive');
    for (const secret of [
      saved.passportNumber,
      saved.dateOfBirth,
      'salbutamol',
      saved.emergencyContactName,
      saved.emergencyContactPhone,
      '98200 77456',
    ]) {
      expect(dump?.text).not.toContain(secret);
    }
    const row = await storedRow(priya.id);
    const keys = t.app.dataKeys;
    expect(decryptField(keys, row?.passportNumberEncrypted ?? '')).toBe(saved.passportNumber);
    expect(decryptField(keys, row?.medicalConditionsEncrypted ?? '')).toBe(saved.medicalConditions);
    expect(JSON.parse(decryptField(keys, row?.emergencyContactEncrypted ?? ''))).toEqual({
      name: saved.emergencyContactName,
      phone: saved.emergencyContactPhone,
      relation: saved.emergencyContactRelation,
    });
  });

  it.each([
    ['an unknown field', { ...saved, notes: 'x' }, 'Unrecognized key: "notes"'],
    ["another student's id", { ...saved, studentId: 'x' }, 'Unrecognized key: "studentId"'],
    ['a missing field', { ...saved, phone: undefined }, 'phone: '],
    ['an empty first name', { ...saved, firstName: ' ' }, PROFILE_MESSAGES.firstName],
    ['a bad e-mail', { ...saved, email: 'priya@' }, PROFILE_MESSAGES.email],
    ['a short phone', { ...saved, phone: '555 0142' }, PROFILE_MESSAGES.phone],
    ['a short ZIP code', { ...saved, zipCode: '4000' }, PROFILE_MESSAGES.zipCode],
    ['an unknown visa status', { ...saved, visaStatus: 'B-2' }, PROFILE_MESSAGES.visaStatus],
    [
      'no relationship',
      { ...saved, emergencyContactRelation: '' },
      PROFILE_MESSAGES.emergencyContactRelation,
    ],
    [
      'a birth date to come',
      { ...saved, dateOfBirth: '2999-01-01' },
      PROFILE_MESSAGES.dateOfBirthInvalid,
    ],
  ])('refuses %s with 400 and a message, changing nothing', async (_name, payload, expected) => {
    await save(priya.token, saved);
    const before = await storedRow(priya.id);
    const res = await save(priya.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(expected);
    expect(await storedRow(priya.id)).toEqual(before);
  });

  it.each([
    ['malformed JSON', '{"firstName": ', 'application/json'],
    ['a form instead of JSON', 'firstName=Priya', 'text/plain'],
  ])('refuses %s with 400', async (_name, payload, contentType) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.profile,
      payload,
      headers: { ...bearer(priya.token), 'content-type': contentType },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).not.toBe('');
  });

  it("never answers or changes another student's profile", async () => {
    await save(priya.token, saved);
    const lucasBefore = (await read(lucas.token)).json<TProfile>();
    expect(lucasBefore).toMatchObject({ firstName: 'Lucas', passportNumber: 'FT998877' });
    expect(JSON.stringify(lucasBefore)).not.toContain('Marine Drive');

    const lucasSaves = { ...saved, firstName: 'Lucas', lastName: 'Oliveira', city: 'Recife' };
    expect((await save(lucas.token, lucasSaves)).statusCode).toBe(200);
    expect((await read(priya.token)).json()).toEqual(saved);
    expect((await read(lucas.token)).json<TProfile>().city).toBe('Recife');
  });

  it('answers from the student record and the defaults when no profile was ever saved', async () => {
    await t.app.db.delete(profiles).where(eq(profiles.studentId, lucas.id));
    const res = await read(lucas.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...Object.fromEntries(Object.keys(saved).map((key) => [key, ''])),
      firstName: 'Lucas',
      lastName: 'Oliveira',
      // The student record's: a demo visitor's copy of Lucas has his address with a tag.
      email: expect.stringMatching(
        /^lucas\.oliveira\+[0-9a-f]{12}@demo\.student-portal\.test$/,
      ) as unknown,
      country: 'United States',
      visaStatus: 'F-1',
    });
    // The first save makes the row.
    expect((await save(lucas.token, { ...saved, firstName: 'Lucas' })).statusCode).toBe(200);
    expect((await storedRow(lucas.id))?.firstName).toBe('Lucas');
  });

  describe.each([
    ['reading', (token?: string) => read(token)],
    ['saving', (token?: string) => save(token, saved)],
  ])('%s', (_name, call) => {
    it('refuses without a token and with an onboarding session', async () => {
      const onboarding = await onboardingTokenFor(t.app, priya.id);
      for (const token of [undefined, 'not-a-token', onboarding]) {
        const res = await call(token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
      }
    });

    it('refuses a student whose identity verification was withdrawn', async () => {
      const unverified = eq(students.id, priya.id);
      await t.app.db.update(students).set({ faceVerified: false }).where(unverified);
      try {
        const res = await call(priya.token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: NOT_VERIFIED });
      } finally {
        await t.app.db.update(students).set({ faceVerified: true }).where(unverified);
      }
    });
  });

  it('documents both routes as needing a bearer token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: API_PATHS.docs })).json<{
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    expect(doc.paths[API_PATHS.profile]?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths[API_PATHS.profile]?.put?.security).toEqual([{ bearerAuth: [] }]);
  });
});
