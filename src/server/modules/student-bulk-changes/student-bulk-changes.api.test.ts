import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import type { TStaffRole } from '../../../shared/staff.js';
import {
  BULK_SKIP_MESSAGES,
  MAX_BULK_STUDENTS,
  type TBulkChangeRequest,
  ZBulkChangeResultSchema,
  ZStaffAgentsResponseSchema,
} from '../../../shared/student-bulk-changes.js';
import { agents, students } from '../../db/schema.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { dataSnapshot } from '../../test/data-snapshot.js';
import { addStudent } from '../../test/new-student.js';
import { passIdentityCheck } from '../../test/seeded-students.js';
import { signInAsEveryRole, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { STAFF_ROLE_REFUSED } from '../staff-auth/staff-scope.js';
import { AGENT_NOT_ASSIGNABLE } from './assignable-agents.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabaseKinds())('changes to many students at once ($name)', (kind) => {
  let t: TestApp;
  let as: Record<TStaffRole, StaffSignedIn>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    as = await signInAsEveryRole(t.app);
  });
  afterAll(() => t.close());

  const bulk = (role: TStaffRole, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: STAFF_API_PATHS.staffStudentsBulk,
      headers: as[role].headers,
      payload: payload as Record<string, unknown>,
    });
  const changed = async (role: TStaffRole, payload: TBulkChangeRequest) => {
    const res = await bulk(role, payload);
    expect(res.statusCode, res.body).toBe(200);
    return ZBulkChangeResultSchema.parse(res.json());
  };
  const status = (admissionStatus: string) => ({
    kind: 'admission-status' as const,
    admissionStatus,
  });
  const ids = (...list: string[]) => ({ kind: 'students' as const, ids: list });
  const recordsOf = (list: string[]) =>
    t.app.db
      .select({
        id: students.id,
        admissionStatus: students.admissionStatus,
        agentId: students.agentId,
        agencyId: students.agencyId,
        stage: students.stage,
        version: students.recordVersion,
      })
      .from(students)
      .where(inArray(students.id, list));
  const agentNamed = async (firstName: string) => {
    const [row] = await t.app.db.select().from(agents).where(eq(agents.firstName, firstName));
    if (!row) throw new Error(`no agent ${firstName}`);
    return row;
  };

  it("sets the admission status of the school's students through the one-student writer: stage, version, an audit row each; others skipped with why", async () => {
    const ana = await addStudent(t.app, 'Priya', { firstName: 'Ana', lastName: 'Bulk' });
    const ben = await addStudent(t.app, 'Tunde', { firstName: 'Ben', lastName: 'Bulk' });
    const kofi = await addStudent(t.app, 'Kwame', { firstName: 'Kofi', lastName: 'Bulk' });
    // Ben passed the identity check, so admission moves his stage.
    await passIdentityCheck(t.app, ben);
    const before = await recordsOf([ana, ben, kofi]);
    const mark = await auditLogMark(t.app);
    const result = await changed('school', {
      selection: ids(ana, ben, kofi, UNKNOWN, ana),
      change: status('Admitted'),
    });
    expect(result).toEqual({
      changed: 2,
      skipped: [
        {
          studentId: kofi,
          name: null,
          reason: 'not-in-scope',
          message: BULK_SKIP_MESSAGES['not-in-scope'],
        },
        {
          studentId: UNKNOWN,
          name: null,
          reason: 'not-in-scope',
          message: BULK_SKIP_MESSAGES['not-in-scope'],
        },
      ],
    });
    const after = await recordsOf([ana, ben, kofi]);
    const of = (rows: typeof after, id: string) => rows.find((row) => row.id === id);
    expect(of(after, ana)).toMatchObject({ admissionStatus: 'Admitted', stage: 'invited' });
    expect(of(after, ben)).toMatchObject({ admissionStatus: 'Admitted', stage: 'admitted' });
    expect(of(after, kofi)).toEqual(of(before, kofi));
    for (const id of [ana, ben])
      expect(of(after, id)?.version).toBe((of(before, id)?.version ?? 0) + 1);
    const rows = await mark();
    expect(rows.map((r) => [r.action, r.staffId, r.studentId])).toEqual([
      ['student.update', as.school.staff.id, ana],
      ['student.update', as.school.staff.id, ben],
    ]);
    expect(rows[1]?.details).toEqual({
      bulk: true,
      changes: { admissionStatus: { from: 'Processing', to: 'Admitted' } },
      version: of(after, ben)?.version,
    });

    // Again: nothing to change, each said so by name.
    const again = await changed('admin', { selection: ids(ana, ben), change: status('Admitted') });
    expect(again.changed).toBe(0);
    expect(again.skipped.map((s) => [s.name, s.reason])).toEqual([
      ['Ana Bulk', 'unchanged'],
      ['Ben Bulk', 'unchanged'],
    ]);
  });

  it('acts on every student in scope the filters match', async () => {
    const one = await addStudent(t.app, 'Priya', { firstName: 'Zoraida', lastName: 'Filtered' });
    const two = await addStudent(t.app, 'Priya', { firstName: 'Zeno', lastName: 'Filtered' });
    const away = await addStudent(t.app, 'Kwame', { firstName: 'Zara', lastName: 'Filtered' });
    const result = await changed('agent', {
      selection: { kind: 'matching', filters: { q: 'filtered' } },
      change: { kind: 'agent', agentId: (await agentNamed('Rahul')).id },
    });
    // Both of the agent's own already have Rahul: unchanged; the other agency's is never seen.
    expect(result.changed).toBe(0);
    expect(result.skipped.map((s) => s.studentId).sort()).toEqual([one, two].sort());
    const admin = await changed('admin', {
      selection: { kind: 'matching', filters: { q: 'filtered' } },
      change: status('Deferred'),
    });
    expect(admin).toEqual({ changed: 3, skipped: [] });
    expect((await recordsOf([away]))[0]?.admissionStatus).toBe('Deferred');
  });

  it("assigns an agent: an administrator any, an agent only their own agency's, a school officer none", async () => {
    const rahul = await agentNamed('Rahul');
    const chidinma = await agentNamed('Chidinma');
    const [colleague] = await t.app.db
      .insert(agents)
      .values({ agencyId: rahul.agencyId, firstName: 'Sana', lastName: 'Kapoor' })
      .returning();
    if (!colleague) throw new Error('no colleague');
    const student = await addStudent(t.app, 'Priya', { firstName: 'Eva', lastName: 'Assigned' });

    const listed = async (role: TStaffRole) => {
      const res = await t.app.inject({
        method: 'GET',
        url: STAFF_API_PATHS.staffAgents,
        headers: as[role].headers,
      });
      expect(res.statusCode).toBe(200);
      return ZStaffAgentsResponseSchema.parse(res.json()).agents.map((a) => a.name);
    };
    expect(await listed('agent')).toEqual(['Sana Kapoor', 'Rahul Mehta']);
    expect(await listed('admin')).toEqual(
      expect.arrayContaining(['Rahul Mehta', 'Sana Kapoor', 'Chidinma Eze']),
    );
    const schoolList = await t.app.inject({
      method: 'GET',
      url: STAFF_API_PATHS.staffAgents,
      headers: as.school.headers,
    });
    expect(schoolList.statusCode).toBe(403);

    const before = await dataSnapshot(t.app);
    const foreign = await bulk('agent', {
      selection: ids(student),
      change: { kind: 'agent', agentId: chidinma.id },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: AGENT_NOT_ASSIGNABLE });
    const school = await bulk('school', {
      selection: ids(student),
      change: { kind: 'agent', agentId: rahul.id },
    });
    expect(school.statusCode).toBe(403);
    expect(school.json()).toEqual({ message: STAFF_ROLE_REFUSED });
    expect(await dataSnapshot(t.app)).toEqual(before);

    expect(
      await changed('agent', {
        selection: ids(student),
        change: { kind: 'agent', agentId: colleague.id },
      }),
    ).toEqual({ changed: 1, skipped: [] });
    expect((await recordsOf([student]))[0]).toMatchObject({
      agentId: colleague.id,
      agencyId: rahul.agencyId,
    });
    // An administrator moves the student to the other agency, whose agent the demo agent is not.
    expect(
      (
        await changed('admin', {
          selection: ids(student),
          change: { kind: 'agent', agentId: chidinma.id },
        })
      ).changed,
    ).toBe(1);
    expect((await recordsOf([student]))[0]).toMatchObject({
      agentId: chidinma.id,
      agencyId: chidinma.agencyId,
    });
    const gone = await changed('agent', {
      selection: ids(student),
      change: { kind: 'agent', agentId: rahul.id },
    });
    expect(gone.skipped.map((s) => s.reason)).toEqual(['not-in-scope']);
  });

  it("refuses an agent's status change and bad input with a 4xx that says what is wrong, changing nothing", async () => {
    const student = await addStudent(t.app, 'Priya', { firstName: 'Fay', lastName: 'Refused' });
    const before = await dataSnapshot(t.app);
    const agent = await bulk('agent', { selection: ids(student), change: status('Admitted') });
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toEqual({ message: STAFF_ROLE_REFUSED });
    const tooMany = Array.from({ length: 201 }, () => student);
    const cases: [unknown, string][] = [
      [
        { change: status('Admitted') },
        "selection: must be 'students' (with ids) or 'matching' (with filters)",
      ],
      [
        { selection: ids(), change: status('Admitted') },
        'selection.ids: select at least one student',
      ],
      [
        { selection: { kind: 'students', ids: tooMany }, change: status('Admitted') },
        'selection.ids: must name at most 200 students',
      ],
      [
        { selection: ids('not-an-id'), change: status('Admitted') },
        'selection.ids.0: must be student ids',
      ],
      [
        { selection: { kind: 'everyone' }, change: status('Admitted') },
        "selection.kind: must be 'students' (with ids) or 'matching' (with filters)",
      ],
      [{ selection: ids(student), change: status('  ') }, 'change.admissionStatus: is required'],
      [
        { selection: ids(student), change: { kind: 'delete' } },
        "change.kind: must be 'admission-status' or 'agent'",
      ],
      [
        { selection: ids(student), change: { kind: 'agent', agentId: 999_999 } },
        AGENT_NOT_ASSIGNABLE,
      ],
      [
        { selection: { kind: 'matching', filters: { stage: 'gone' } }, change: status('Admitted') },
        /^selection\.filters\.stage: /,
      ],
    ].map(([payload, message]) => [payload, message] as [unknown, string]);
    for (const [payload, message] of cases) {
      const res = await bulk('admin', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message, JSON.stringify(payload)).toMatch(message);
    }
    expect(await dataSnapshot(t.app)).toEqual(before);
  });

  it('refuses a match of more students than one change acts on, changing none', async () => {
    const [school] = await t.app.db
      .select({ id: students.schoolId })
      .from(students)
      .where(eq(students.firstName, 'Kwame'));
    await t.app.db.execute(sql`insert into students
        (first_name, last_name, passport_number_hash, date_of_birth_hash, school_id)
      select 'Manyfold', 'Student ' || n, 'hash-' || n, 'hash-' || n, ${school?.id ?? null}::int
      from generate_series(1, ${MAX_BULK_STUDENTS + 1}) n`);
    const before = await dataSnapshot(t.app);
    const res = await bulk('admin', {
      selection: { kind: 'matching', filters: { q: 'manyfold' } },
      change: status('Admitted'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: '1,001 students match; one change acts on at most 1,000. Narrow the filters.',
    });
    expect(await dataSnapshot(t.app)).toEqual(before);
  });

  it('a change whose audit row for one student cannot be written changes no student', async () => {
    const first = await addStudent(t.app, 'Priya', { firstName: 'Gil', lastName: 'Atomic' });
    const second = await addStudent(t.app, 'Priya', { firstName: 'Hana', lastName: 'Atomic' });
    const before = await dataSnapshot(t.app);
    // The database refuses the second student's audit row, as it would any write when failing.
    await t.app.db.execute(
      sql.raw(
        `alter table audit_events add constraint bulk_guard check (student_id is distinct from '${second}') not valid`,
      ),
    );
    try {
      const res = await bulk('admin', {
        selection: ids(first, second),
        change: status('Admitted'),
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql.raw('alter table audit_events drop constraint bulk_guard'));
    }
    expect(await dataSnapshot(t.app)).toEqual(before);
  });
});
