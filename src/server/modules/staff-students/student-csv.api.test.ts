import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import type { TStaffRole } from '../../../shared/staff.js';
import { ZStaffStudentListResponseSchema } from '../../../shared/staff-students.js';
import { students } from '../../db/schema.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { changeStudents, seededStudentId } from '../../test/seeded-students.js';
import { signInAsEveryRole, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';

/** A CSV file's records, split as RFC 4180 reads these (no line breaks inside cells here). */
const records = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '');

describe.each(testDatabaseKinds())('the student list as CSV ($name)', (kind) => {
  let t: TestApp;
  let as: Record<TStaffRole, StaffSignedIn>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    as = await signInAsEveryRole(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, role: TStaffRole) =>
    t.app.inject({ method: 'GET', url, headers: as[role].headers });
  const listIds = async (role: TStaffRole, query = '') => {
    const res = await get(`${STAFF_API_PATHS.staffStudents}?limit=100${query}`, role);
    return ZStaffStudentListResponseSchema.parse(res.json()).items.map((s) => s.id);
  };

  it("exports exactly the students of the caller's list, in its order, with the list's columns, audited", async () => {
    for (const role of ['admin', 'agent', 'school'] as const) {
      const mark = await auditLogMark(t.app);
      const res = await get(STAFF_API_PATHS.staffStudentsCsv, role);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="students-/);
      expect(res.headers['cache-control']).toBe('no-store');
      const [header, ...rows] = records(res.body);
      expect(header).toBe(
        'student_id,first_name,last_name,email,school,agency,agent,stage,waiting,last_activity_utc',
      );
      expect(rows.map((row) => row.split(',')[0])).toEqual(await listIds(role));
      const [audit] = await mark();
      expect(audit).toMatchObject({
        staffId: as[role].staff.id,
        action: 'students.export',
        details: { rows: rows.length },
      });
    }
    // A filter narrows the export as it narrows the list.
    const admitted = await get(`${STAFF_API_PATHS.staffStudentsCsv}?stage=admitted`, 'admin');
    expect(
      records(admitted.body)
        .slice(1)
        .map((row) => row.split(',')[0]),
    ).toEqual(await listIds('admin', '&stage=admitted'));
  });

  it('never holds a sealed field, and defuses a cell a spreadsheet would run', async () => {
    const priya = await seededStudentId(t.app, 'Priya');
    await changeStudents(t.app, eq(students.id, priya), { lastName: '=HYPERLINK("x")' });
    const res = await get(`${STAFF_API_PATHS.staffStudentsCsv}?q=priya`, 'admin');
    const [, row] = records(res.body);
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).not.toContain('Z7654321');
    await changeStudents(t.app, eq(students.id, priya), { lastName: 'Sharma' });
  });

  it('refuses a passport number and a filter it does not know', async () => {
    for (const query of ['passport=Z7654321', 'stage=graduated', 'cursor=abc']) {
      const res = await get(`${STAFF_API_PATHS.staffStudentsCsv}?${query}`, 'admin');
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("exports a selection of the list by id: those of the caller's students it names, in the list's order", async () => {
    const [priya, tunde, kwame] = await Promise.all(
      ['Priya', 'Tunde', 'Kwame'].map((name) => seededStudentId(t.app, name)),
    );
    const selected = (body: string) =>
      records(body)
        .slice(1)
        .map((row) => row.split(',')[1]);
    // By last name, as the list: Adebayo, Mensah, Sharma.
    const url = `${STAFF_API_PATHS.staffStudentsCsv}?ids=${[kwame, priya, tunde].join(',')}&sort=name`;
    expect(selected((await get(url, 'admin')).body)).toEqual(['Tunde', 'Kwame', 'Priya']);
    // Kwame is the other agency's, at another school: no other role's export holds him.
    expect(selected((await get(url, 'school')).body)).toEqual(['Tunde', 'Priya']);
    expect(selected((await get(url, 'agent')).body)).toEqual(['Priya']);
    const list = await get(`${STAFF_API_PATHS.staffStudents}?ids=${kwame},${priya}`, 'agent');
    expect(ZStaffStudentListResponseSchema.parse(list.json()).total).toBe(1);
    for (const [ids, message] of [
      ['not-an-id', 'ids.0: must be student ids separated by commas'],
      [Array.from({ length: 201 }, () => priya).join(','), 'ids: must name at most 200 students'],
    ]) {
      const res = await get(`${STAFF_API_PATHS.staffStudentsCsv}?ids=${ids}`, 'admin');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });
});
