import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZApplicantDataResponseSchema } from '../../../shared/applicant-data.js';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZApplicationListResponseSchema } from '../../../shared/applications.js';
import type { TStaffRole } from '../../../shared/staff.js';
import {
  NOTHING_TO_CHANGE,
  VERSION_REQUIRED,
  versionTag,
} from '../../../shared/staff-student-changes.js';
import { ZStaffStudentRecordSchema } from '../../../shared/staff-students.js';
import { applications, students } from '../../db/schema.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { dataSnapshot } from '../../test/data-snapshot.js';
import { runAdminCommand } from '../../test/run-admin-command.js';
import { changeStudents, seededStudentId } from '../../test/seeded-students.js';
import { bearer } from '../../test/sign-in.js';
import { signInAsEveryRole, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { STAFF_ROLE_REFUSED } from '../staff-auth/staff-scope.js';
import { STUDENT_NOT_FOUND } from '../staff-auth/students-in-scope.js';

describe.each(testDatabaseKinds())(
  "changes to a student's record in the console ($name)",
  (kind) => {
    let t: TestApp;
    let as: Record<TStaffRole, StaffSignedIn>;
    /** Every demo role's student (the demo agency's, at the demo school). */
    let priya: string;
    /** The demo school's student brought by another agency: the school officer's, not the agent's. */
    let tunde: string;
    let priyaApplication: number;
    let tundeApplication: number;

    beforeAll(async () => {
      t = await startTestApp(kind);
      as = await signInAsEveryRole(t.app);
      priya = await seededStudentId(t.app, 'Priya');
      tunde = await seededStudentId(t.app, 'Tunde');
      const [first] = await t.app.db
        .select({ id: applications.id })
        .from(applications)
        .where(eq(applications.studentId, priya))
        .orderBy(applications.id)
        .limit(1);
      if (!first) throw new Error('Priya has no application');
      priyaApplication = first.id;
      const [other] = await t.app.db
        .insert(applications)
        .values({
          studentId: tunde,
          university: 'Lakeshore State University',
          program: 'MBA',
          status: 'under_review',
          submittedAt: new Date(),
        })
        .returning({ id: applications.id });
      if (!other) throw new Error('no application was added for Tunde');
      tundeApplication = other.id;
    });
    afterAll(() => t.close());

    const versionOf = async (id: string) => {
      const [row] = await t.app.db
        .select({ version: students.recordVersion })
        .from(students)
        .where(eq(students.id, id));
      return row?.version ?? 0;
    };
    const change = (
      path: string,
      id: string,
      payload: Record<string, unknown>,
      { role = 'admin', ifMatch }: { role?: TStaffRole; ifMatch?: string | null } = {},
    ) =>
      t.app.inject({
        method: 'PUT',
        url: apiPath(path, { id }),
        headers: {
          ...as[role].headers,
          ...(ifMatch === null ? {} : { 'if-match': ifMatch ?? '' }),
        },
        payload,
      });
    const admission = async (
      id: string,
      payload: Record<string, unknown>,
      role: TStaffRole = 'admin',
    ) =>
      change(STAFF_API_PATHS.staffStudentAdmission, id, payload, {
        role,
        ifMatch: versionTag(await versionOf(id)),
      });
    const sevis = async (id: string, paidOn: string | null, role: TStaffRole = 'admin') =>
      change(
        STAFF_API_PATHS.staffStudentSevis,
        id,
        { paidOn },
        { role, ifMatch: versionTag(await versionOf(id)) },
      );
    const asStudent = async (id: string) => {
      const token = await t.app.sessionTokens.issue(id, 'student');
      const data = await t.app.inject({
        method: 'POST',
        url: API_PATHS.applicantData,
        headers: bearer(token),
        payload: {},
      });
      const list = await t.app.inject({
        method: 'GET',
        url: API_PATHS.applications,
        headers: bearer(token),
      });
      return {
        application: ZApplicantDataResponseSchema.parse(data.json()).application,
        applications: ZApplicationListResponseSchema.parse(list.json()),
      };
    };

    it('saves admission details and an application status that the student reads next, audited with the version', async () => {
      const before = await versionOf(priya);
      const mark = await auditLogMark(t.app);
      const res = await admission(priya, {
        degree: 'Master of Science',
        major: 'Data Science',
        admittedSemester: 'Fall 2027',
        acceptanceLetterUrl: 'lakeshore.example.edu/letters/priya.pdf',
        applications: [{ id: priyaApplication, status: 'documents_required' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const { version } = res.json<{ version: number }>();
      expect(version).toBeGreaterThan(before);
      expect(await versionOf(priya)).toBe(version);

      const seen = await asStudent(priya);
      expect(seen.application).toMatchObject({
        degree: 'Master of Science',
        major: 'Data Science',
        'admitted semester': 'Fall 2027',
        acceptance_letter: 'https://lakeshore.example.edu/letters/priya.pdf',
      });
      expect(seen.applications.find((a) => a.id === priyaApplication)?.status).toBe(
        'documents_required',
      );

      const [row, ...more] = await mark();
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        actor: 'staff',
        staffId: as.admin.staff.id,
        action: 'student.update',
        studentId: priya,
        details: {
          version,
          changes: { major: { to: 'Data Science' }, degree: { to: 'Master of Science' } },
          applications: [{ id: priyaApplication, to: 'documents_required' }],
        },
      });

      // The record the console reads carries the new values and the version for the next save.
      const record = await t.app.inject({
        method: 'GET',
        url: apiPath(STAFF_API_PATHS.staffStudent, { id: priya }),
        headers: as.school.headers,
      });
      expect(ZStaffStudentRecordSchema.parse(record.json()).overview).toMatchObject({
        major: 'Data Science',
        acceptanceLetterUrl: 'https://lakeshore.example.edu/letters/priya.pdf',
        version,
      });
    });

    it('clears a detail sent empty, and leaves the fields not sent as they are', async () => {
      const res = await admission(priya, { admittedSemester: '' }, 'school');
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.app.db.select().from(students).where(eq(students.id, priya));
      expect(row).toMatchObject({ admittedSemester: null, major: 'Data Science' });
    });

    it('moves the version on for an application’s status alone, so a form opened before it is refused', async () => {
      const before = await versionOf(priya);
      const res = await admission(priya, {
        applications: [{ id: priyaApplication, status: 'under_review' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ version: number }>().version).toBeGreaterThan(before);
    });

    it('marks the SEVIS fee paid for every role in scope, and not paid again; the stage follows', async () => {
      const paid = await sevis(priya, '2026-07-01', 'agent');
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await asStudent(priya)).application['sevis paid']).not.toBe('Not Paid');
      const [row] = await t.app.db.select().from(students).where(eq(students.id, priya));
      expect(row).toMatchObject({
        sevisPaid: true,
        sevisPaidOn: '2026-07-01',
        stage: 'sevis_paid',
      });

      const unpaid = await sevis(priya, null, 'school');
      expect(unpaid.statusCode, unpaid.body).toBe(200);
      const [after] = await t.app.db.select().from(students).where(eq(students.id, priya));
      expect(after).toMatchObject({ sevisPaid: false, sevisPaidOn: null });
      expect(after?.stage).not.toBe('sevis_paid');
    });

    it('refuses the second of two saves made on one version, naming who saved first, and keeps the first', async () => {
      const version = versionTag(await versionOf(priya));
      const first = await change(
        STAFF_API_PATHS.staffStudentAdmission,
        priya,
        { major: 'Statistics' },
        { role: 'school', ifMatch: version },
      );
      expect(first.statusCode, first.body).toBe(200);
      const before = await dataSnapshot(t.app);
      const second = await change(
        STAFF_API_PATHS.staffStudentAdmission,
        priya,
        { major: 'Economics' },
        { role: 'admin', ifMatch: version },
      );
      expect(second.statusCode).toBe(409);
      expect(second.json<{ message: string }>().message).toMatch(
        new RegExp(
          `^${as.school.staff.name} changed this student's record at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC\\. The form now shows the current values: check them and save again\\.$`,
        ),
      );
      expect(await dataSnapshot(t.app)).toEqual(before);
      const [row] = await t.app.db.select().from(students).where(eq(students.id, priya));
      expect(row?.major).toBe('Statistics');
    });

    it('refuses a save on a version the command line or the student made, saying so', async () => {
      const stale = versionTag(await versionOf(priya));
      const run = await runAdminCommand(t.app, [
        'update-student',
        priya,
        '--admitted-semester',
        'Spring 2028',
      ]);
      expect(run.code, run.err).toBe(0);
      const afterCommandLine = await change(
        STAFF_API_PATHS.staffStudentSevis,
        priya,
        { paidOn: '2026-08-01' },
        { ifMatch: stale },
      );
      expect(afterCommandLine.statusCode).toBe(409);
      expect(afterCommandLine.json<{ message: string }>().message).toMatch(
        /^Someone using the server’s command line changed this student's record at /,
      );

      // A change with no audit row of its own: the student's identity check, say.
      const current = versionTag(await versionOf(priya));
      await changeStudents(t.app, eq(students.id, priya), { verificationResult: 'pending' });
      await changeStudents(t.app, eq(students.id, priya), { verificationResult: 'approved' });
      const afterStudent = await change(
        STAFF_API_PATHS.staffStudentSevis,
        priya,
        { paidOn: '2026-08-01' },
        { ifMatch: current },
      );
      expect(afterStudent.statusCode).toBe(409);
      expect(afterStudent.json()).toEqual({
        message:
          "This student's record changed since you opened it. The form now shows the current values: check them and save again.",
      });
    });

    it('asks for the version a change was made on (428), and refuses one that is not a version', async () => {
      for (const ifMatch of [null, '', '*', 'W/"3"', '"x"']) {
        const res = await change(
          STAFF_API_PATHS.staffStudentSevis,
          priya,
          { paidOn: null },
          { ifMatch },
        );
        expect(res.statusCode, String(ifMatch)).toBe(428);
        expect(res.json()).toEqual({ message: VERSION_REQUIRED });
      }
    });

    it('refuses a role the policy leaves out (403) and a student outside the scope (404), changing nothing', async () => {
      const before = await dataSnapshot(t.app);
      const agentAdmission = await admission(priya, { major: 'Art' }, 'agent');
      expect(agentAdmission.statusCode).toBe(403);
      expect(agentAdmission.json()).toEqual({ message: STAFF_ROLE_REFUSED });
      // Tunde is the demo school's student, brought by another agency.
      const agentSevis = await sevis(tunde, '2026-07-01', 'agent');
      expect(agentSevis.statusCode).toBe(404);
      expect(agentSevis.json()).toEqual({ message: STUDENT_NOT_FOUND });
      const unknown = await change(
        STAFF_API_PATHS.staffStudentSevis,
        '00000000-0000-4000-8000-000000000000',
        { paidOn: null },
        { ifMatch: '"1"' },
      );
      expect(unknown.statusCode).toBe(404);
      expect(await dataSnapshot(t.app)).toEqual(before);
    });

    it('answers bad input with a 4xx that says what is wrong, and a refused part leaves the whole change unwritten', async () => {
      const cases: [Record<string, unknown>, number, string | RegExp][] = [
        [{}, 400, NOTHING_TO_CHANGE],
        [{ applications: [{ id: priyaApplication, status: 'admitted' }] }, 400, /status/],
        [{ acceptanceLetterUrl: 'javascript:alert(1)' }, 400, /must be a web address/],
        [{ admissionStatus: '   ' }, 400, /admissionStatus: is required/],
        [{ major: 'x'.repeat(101) }, 400, /major: must be at most 100 characters/],
        [{ studentId: tunde }, 400, /studentId/],
        // Another student's application beside a detail: neither is written.
        [
          { major: 'Philosophy', applications: [{ id: tundeApplication, status: 'rejected' }] },
          404,
          `This student has no application ${tundeApplication}.`,
        ],
      ];
      const before = await dataSnapshot(t.app);
      for (const [payload, status, message] of cases) {
        const res = await admission(priya, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        expect(res.json<{ message: string }>().message).toMatch(message);
      }
      const badDate = await change(
        STAFF_API_PATHS.staffStudentSevis,
        priya,
        { paidOn: '2026-02-30' },
        { ifMatch: versionTag(await versionOf(priya)) },
      );
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json<{ message: string }>().message).toMatch(/paidOn: must be a date/);
      expect(await dataSnapshot(t.app)).toEqual(before);
      const [row] = await t.app.db
        .select({ major: students.major })
        .from(students)
        .where(and(eq(students.id, priya)));
      expect(row?.major).toBe('Statistics');
    });
  },
);
