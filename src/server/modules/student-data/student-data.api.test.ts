import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import type { TStaffRole } from '../../../shared/staff.js';
import { CONFIRM_NAME_MISMATCH, ZStudentDeletedSchema } from '../../../shared/student-data.js';
import { queryRows } from '../../db/query-rows.js';
import { auditEvents, students } from '../../db/schema.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { dataSnapshot } from '../../test/data-snapshot.js';
import { addStudent, NEW_STUDENT_SEALED } from '../../test/new-student.js';
import { seededStudentId } from '../../test/seeded-students.js';
import { signInAsEveryRole, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { SMALL_PDF, SMALL_WEBM } from '../../test/student-files.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { STAFF_ROLE_REFUSED } from '../staff-auth/staff-scope.js';
import { STUDENT_NOT_FOUND } from '../staff-auth/students-in-scope.js';
import { studentRowsOf, studentTables } from './student-tables.js';

type Files = Record<string, Uint8Array>;

describe.each(testDatabaseKinds())("a student's data, on request ($name)", (kind) => {
  let t: TestApp;
  let as: Record<TStaffRole, StaffSignedIn>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    as = await signInAsEveryRole(t.app);
  });
  afterAll(() => t.close());

  const exportOf = (id: string, confirmName: unknown, role: TStaffRole = 'admin') =>
    t.app.inject({
      method: 'POST',
      url: apiPath(STAFF_API_PATHS.staffStudentDataExport, { id }),
      headers: as[role].headers,
      payload: { confirmName },
    });
  const deletionOf = (id: string, confirmName: unknown, role: TStaffRole = 'admin') =>
    t.app.inject({
      method: 'DELETE',
      url: apiPath(STAFF_API_PATHS.staffStudent, { id }),
      headers: as[role].headers,
      payload: { confirmName },
    });
  const json = (files: Files, name: string) =>
    JSON.parse(strFromU8(files[name] ?? new Uint8Array())) as Record<string, unknown>[];
  /** How many rows of each of the student's tables hold, those with any. */
  const rowsOf = async (id: string) => {
    const tables = await studentTables(t.app.db);
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const [row] = await queryRows<{ n: number }>(
        t.app.db,
        sql`select count(*)::int as n from ${sql.identifier(table.name)} where ${studentRowsOf(tables, table, id)}`,
      );
      if (row && row.n > 0) counts[table.name] = row.n;
    }
    return counts;
  };

  it('exports every row and file of the student as a zip, sealed values opened, hashes left out, audited', async () => {
    const id = await addStudent(
      t.app,
      'Priya',
      { firstName: 'Ana', lastName: 'Duarte' },
      { files: true },
    );
    const mark = await auditLogMark(t.app);
    const res = await exportOf(id, '  ana   DUARTE ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="student-${id}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const tables = await rowsOf(id);
    // Every table that holds a row of theirs is in the zip, with all its rows.
    for (const [table, count] of Object.entries(tables))
      expect(json(files, `data/${table}.json`), table).toHaveLength(count);
    expect(Object.keys(tables)).toEqual(
      expect.arrayContaining([
        'students',
        'profiles',
        'applications',
        'messages',
        'invites',
        'staff_notes',
        'documents',
        'moi_sessions',
        'moi_videos',
        'issued_documents',
      ]),
    );
    const [student] = json(files, 'data/students.json');
    expect(student).toMatchObject({ id, first_name: 'Ana', last_name: 'Duarte' });
    expect(Object.keys(student ?? {}).filter((c) => c.endsWith('_hash'))).toEqual([]);
    const [profile] = json(files, 'data/profiles.json');
    expect(profile).toMatchObject({
      passport_number: NEW_STUDENT_SEALED.passportNumber,
      date_of_birth: NEW_STUDENT_SEALED.dateOfBirth,
      medical_conditions: NEW_STUDENT_SEALED.medicalConditions,
    });
    expect(JSON.parse(String(profile?.emergency_contact))).toEqual(
      NEW_STUDENT_SEALED.emergencyContact,
    );
    expect(JSON.stringify(json(files, 'data/invites.json'))).not.toContain('code_hash');
    // No row of anyone else.
    for (const name of ['applications', 'messages', 'documents'])
      expect(
        json(files, `data/${name}.json`).every((row) => row.student_id === id),
        name,
      ).toBe(true);
    // Each stored file (a document, a recording, the three issued files), as it was uploaded, in a
    // folder named by its storage key.
    const stored = Object.keys(files).filter((name) => name.startsWith('files/'));
    expect(stored).toHaveLength(5);
    const [document] = json(files, 'data/documents.json');
    const [video] = json(files, 'data/moi_videos.json');
    expect(
      Buffer.from(files[`files/${String(document?.storage_key)}/bank-statement.pdf`] ?? []).equals(
        SMALL_PDF,
      ),
    ).toBe(true);
    expect(
      Buffer.from(files[`files/${String(video?.storage_key)}/file.webm`] ?? []).equals(SMALL_WEBM),
    ).toBe(true);
    expect(files['README.txt']).toBeDefined();
    // One audit row: who took which rows, never a value.
    const rows = await mark();
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'student.data-export',
        staffId: as.admin.staff.id,
        studentId: id,
        details: { rows: tables, files: 5 },
      }),
    ]);
    expect(JSON.stringify(rows)).not.toContain('Duarte');
  });

  it('refuses other roles, a name that is not the student’s, a missing one and an unknown student, changing nothing', async () => {
    const id = await addStudent(t.app, 'Priya', { firstName: 'Bruno', lastName: 'Lima' });
    const before = await dataSnapshot(t.app);
    for (const send of [exportOf, deletionOf]) {
      for (const role of ['agent', 'school'] as const) {
        const res = await send(id, 'Bruno Lima', role);
        expect(res.statusCode, role).toBe(403);
        expect(res.json()).toEqual({ message: STAFF_ROLE_REFUSED });
      }
      for (const name of ['Bruno', 'Bruno Lima Silva', 'Priya Sharma']) {
        const res = await send(id, name);
        expect(res.statusCode, name).toBe(400);
        expect(res.json()).toEqual({ message: CONFIRM_NAME_MISMATCH });
      }
      for (const [name, message] of [
        ['   ', "confirmName: type the student's name to confirm"],
        ['x'.repeat(201), 'confirmName: must be at most 200 characters'],
      ] as const) {
        const res = await send(id, name);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message });
      }
      expect((await send(id, undefined)).statusCode).toBe(400);
      for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const res = await send(unknown, 'Bruno Lima');
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: STUDENT_NOT_FOUND });
      }
    }
    expect(await dataSnapshot(t.app)).toEqual(before);
  });

  it('deletes the student with every row and file of theirs; the audit log keeps its rows, naming them by id only', async () => {
    const priya = await seededStudentId(t.app, 'Priya');
    const id = await addStudent(
      t.app,
      'Priya',
      { firstName: 'Carla', lastName: 'Mendes' },
      { files: true },
    );
    // An audit row about the student from before: it must outlive them.
    await t.app.inject({
      method: 'POST',
      url: apiPath(STAFF_API_PATHS.staffStudentReveal, { id }),
      headers: as.admin.headers,
      payload: { field: 'passportNumber' },
    });
    const exported = unzipSync(new Uint8Array((await exportOf(id, 'Carla Mendes')).rawPayload));
    const storageKeys = Object.keys(exported)
      .filter((name) => name.startsWith('files/'))
      .map((name) => name.split('/').slice(1, 3).join('/'));
    expect(storageKeys).toHaveLength(5);
    const rowsBefore = await rowsOf(id);
    const priyaBefore = await rowsOf(priya);
    const mark = await auditLogMark(t.app);

    const res = await deletionOf(id, 'carla mendes');
    expect(res.statusCode, res.body).toBe(200);
    const total = Object.values(rowsBefore).reduce((sum, n) => sum + n, 0);
    expect(ZStudentDeletedSchema.parse(res.json())).toEqual({ rows: total, files: 5 });
    expect(await rowsOf(id)).toEqual({});
    for (const key of storageKeys) expect(await t.app.fileStorage.read(key), key).toBeNull();
    expect(await rowsOf(priya)).toEqual(priyaBefore);
    const [row] = await mark();
    expect(row).toMatchObject({
      action: 'student.delete',
      staffId: as.admin.staff.id,
      studentId: id,
      details: { rows: rowsBefore, files: 5 },
    });
    expect(JSON.stringify(row)).not.toMatch(/Carla|Mendes/);
    const kept = await t.app.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.studentId, id));
    expect(kept.map((r) => r.action)).toEqual(
      expect.arrayContaining(['profile.reveal', 'student.data-export', 'student.delete']),
    );
    // The student is gone for everyone: the record, and a second deletion.
    const record = await t.app.inject({
      method: 'GET',
      url: apiPath(STAFF_API_PATHS.staffStudent, { id }),
      headers: as.admin.headers,
    });
    expect(record.statusCode).toBe(404);
    expect((await deletionOf(id, 'Carla Mendes')).statusCode).toBe(404);
  });

  it('a deletion whose audit row cannot be written deletes nothing: no row, no file, no audit row', async () => {
    const id = await addStudent(
      t.app,
      'Priya',
      { firstName: 'Diego', lastName: 'Alves' },
      { files: true },
    );
    const before = await dataSnapshot(t.app);
    // The database refuses this one audit row, as it would refuse any write when full or failing.
    await t.app.db.execute(
      sql.raw(
        `alter table audit_events add constraint deletion_guard check (action <> 'student.delete') not valid`,
      ),
    );
    try {
      const res = await deletionOf(id, 'Diego Alves');
      expect(res.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql.raw('alter table audit_events drop constraint deletion_guard'));
    }
    expect(await dataSnapshot(t.app)).toEqual(before);
    const [still] = await t.app.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.id, id));
    expect(still?.id).toBe(id);
  });
});
