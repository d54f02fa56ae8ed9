import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import type { TStaffRole } from '../../../shared/staff.js';
import { ZStaffNotesResponseSchema, ZStaffNoteSchema } from '../../../shared/staff-students.js';
import { staffNotes } from '../../db/schema.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { dataSnapshot } from '../../test/data-snapshot.js';
import { seededStudentId } from '../../test/seeded-students.js';
import { signInAsEveryRole, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { STUDENT_NOT_FOUND } from '../staff-auth/students-in-scope.js';

describe.each(testDatabaseKinds())('internal notes on a student ($name)', (kind) => {
  let t: TestApp;
  let as: Record<TStaffRole, StaffSignedIn>;
  let priya: string;
  let tunde: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    as = await signInAsEveryRole(t.app);
    priya = await seededStudentId(t.app, 'Priya');
    tunde = await seededStudentId(t.app, 'Tunde');
  });
  afterAll(() => t.close());

  const url = (id: string) => apiPath(STAFF_API_PATHS.staffStudentNotes, { id });
  const add = (id: string, body: unknown, role: TStaffRole) =>
    t.app.inject({ method: 'POST', url: url(id), headers: as[role].headers, payload: { body } });
  const list = async (id: string, role: TStaffRole) => {
    const res = await t.app.inject({ method: 'GET', url: url(id), headers: as[role].headers });
    expect(res.statusCode).toBe(200);
    return ZStaffNotesResponseSchema.parse(res.json()).items;
  };

  it('keeps a dated note by its author, which staff in scope read, newest first, audited without its text', async () => {
    const mark = await auditLogMark(t.app);
    const first = await add(priya, '  Called her: the bank letter comes Monday. ', 'agent');
    expect(first.statusCode, first.body).toBe(201);
    const note = ZStaffNoteSchema.parse(first.json());
    expect(note).toMatchObject({
      body: 'Called her: the bank letter comes Monday.',
      authorName: as.agent.staff.name,
    });
    const second = await add(priya, 'Admissions confirmed the scholarship.', 'school');
    expect(second.statusCode).toBe(201);

    expect((await list(priya, 'school')).map((n) => [n.body, n.authorName])).toEqual([
      ['Admissions confirmed the scholarship.', as.school.staff.name],
      ['Called her: the bank letter comes Monday.', as.agent.staff.name],
    ]);
    const rows = await mark();
    expect(rows.map((r) => [r.action, r.staffId, r.studentId])).toEqual([
      ['note.add', as.agent.staff.id, priya],
      ['note.add', as.school.staff.id, priya],
    ]);
    expect(rows[0]?.details).toEqual({ noteId: note.id, length: note.body.length });
    expect(JSON.stringify(rows)).not.toContain('bank letter');
  });

  it('refuses a student outside the scope (404), an empty note and a long one (400), storing nothing', async () => {
    const before = await dataSnapshot(t.app);
    const outside = await add(tunde, 'A note', 'agent');
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ message: STUDENT_NOT_FOUND });
    const read = await t.app.inject({ method: 'GET', url: url(tunde), headers: as.agent.headers });
    expect(read.statusCode).toBe(404);
    const empty = await add(priya, '   ', 'admin');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'body: write the note' });
    const long = await add(priya, 'x'.repeat(1001), 'admin');
    expect(long.json()).toEqual({ message: 'body: must be at most 1000 characters' });
    expect(await dataSnapshot(t.app)).toEqual(before);
    expect(await t.app.db.select().from(staffNotes).where(eq(staffNotes.studentId, tunde))).toEqual(
      [],
    );
  });
});
