import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import type { TStaffRole } from '../../../shared/staff.js';
import {
  MAX_STUDENT_IMPORT_ROWS,
  NEW_STUDENT_ERRORS,
  STUDENT_IMPORT_MESSAGES,
  type TNewStudentRequest,
  ZNewStudentChoicesSchema,
  ZNewStudentSchema,
  ZStudentImportPreviewSchema,
  ZStudentImportRefusedSchema,
  ZStudentImportResultSchema,
} from '../../../shared/student-import.js';
import { agencies, agents, notifications, schools, students } from '../../db/schema.js';
import { parseCsv } from '../../lib/import-records/parse-csv.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { dataSnapshot } from '../../test/data-snapshot.js';
import { multipartBody } from '../../test/multipart-body.js';
import { signInAsEveryRole, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { STAFF_ROLE_REFUSED } from '../staff-auth/staff-scope.js';
import { checkStudentImport } from './check-student-import.js';
import { ADDED_MEANWHILE, writeStudentImport } from './write-student-import.js';

const HEADER = 'first_name,last_name,email,passport_number,date_of_birth,school,agent_email';

describe.each(testDatabaseKinds())(
  'adding and importing students from the console ($name)',
  (kind) => {
    let t: TestApp;
    let as: Record<TStaffRole, StaffSignedIn>;
    let school: { id: number; name: string };
    let demoAgentId: number;
    let otherAgentEmail: string;
    let lookups = 0;

    beforeAll(async () => {
      t = await startTestApp(kind);
      as = await signInAsEveryRole(t.app);
      const [first] = await t.app.db.select({ id: schools.id, name: schools.name }).from(schools);
      if (!first) throw new Error('no seeded school');
      school = first;
      const rows = await t.app.db
        .select({ id: agents.id, agency: agencies.companyName })
        .from(agents)
        .innerJoin(agencies, eq(agencies.id, agents.agencyId));
      const demo = rows.find((a) => a.agency === 'Bright Horizons Education Consultants');
      const other = rows.find((a) => a.agency !== 'Bright Horizons Education Consultants');
      if (!demo || !other) throw new Error('the seed has no agent of each agency');
      demoAgentId = demo.id;
      otherAgentEmail = 'chidinma@northstar.example.com';
      await t.app.db.update(agents).set({ email: otherAgentEmail }).where(eq(agents.id, other.id));
    });
    afterAll(() => t.close());

    const newStudent = (overrides: Partial<TNewStudentRequest> = {}): TNewStudentRequest => ({
      firstName: 'Mei',
      lastName: 'Chen',
      email: `mei.${Math.random().toString(36).slice(2)}@example.com`,
      passportNumber: `E${Math.floor(Math.random() * 1e8)}`,
      dateOfBirth: '2002-03-04',
      schoolId: school.id,
      agentId: null,
      ...overrides,
    });
    const add = (role: TStaffRole, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: STAFF_API_PATHS.staffStudents,
        headers: as[role].headers,
        payload: body as Record<string, unknown>,
      });
    const upload = async (path: string, role: TStaffRole, text: string, name = 'students.csv') => {
      const body = await multipartBody({}, { bytes: Buffer.from(text), name, type: 'text/csv' });
      return t.app.inject({
        method: 'POST',
        url: path,
        headers: { ...as[role].headers, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    /** Whether a code, passport number and birth date open an onboarding, as the student types them. */
    const onboards = async (code: string, passport: string, birthDate: string) => {
      lookups += 1;
      const res = await t.app.inject({
        method: 'POST',
        url: API_PATHS.getStudentId,
        remoteAddress: `198.51.100.${lookups}`,
        payload: {
          invite_code: code,
          passport_number: passport,
          date_of_birth: `${birthDate}T00:00:00.000Z`,
        },
      });
      return res.statusCode === 200 && res.json<{ student_id: unknown }>().student_id !== null;
    };
    const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

    describe('Add student', () => {
      it("adds an administrator's student with a code shown once that onboards them, audited without the code", async () => {
        const mark = await auditLogMark(t.app);
        const body = newStudent({ passportNumber: 'e 123-4567', agentId: demoAgentId });
        const res = await add('admin', body);
        expect(res.statusCode, res.body).toBe(201);
        expect(res.headers['cache-control']).toBe('no-store');
        const added = ZNewStudentSchema.parse(res.json());
        expect(added).toMatchObject({
          firstName: 'Mei',
          lastName: 'Chen',
          schoolName: school.name,
        });
        expect(await onboards(added.code, 'E1234567', '2002-03-04')).toBe(true);

        const record = await t.app.inject({
          url: apiPath(STAFF_API_PATHS.staffStudent, { id: added.studentId }),
          headers: as.agent.headers,
        });
        expect(record.statusCode, 'the demo agency agent sees a student of their agent').toBe(200);
        const [row] = await mark();
        expect(row).toMatchObject({
          actor: 'staff',
          staffId: as.admin.staff.id,
          action: 'student.create',
          studentId: added.studentId,
        });
        expect(JSON.stringify(row)).not.toContain(added.code);
        // Their first e-mail waits in the outbox with the code sealed, never in clear.
        const [invite] = await t.app.db
          .select({ params: notifications.params })
          .from(notifications)
          .where(
            and(eq(notifications.studentId, added.studentId), eq(notifications.template, 'invite')),
          );
        expect(invite?.params).toMatchObject({ school: school.name });
        expect(Object.keys(invite?.params ?? {})).toContain('sealed.code');
        expect(JSON.stringify(invite)).not.toContain(added.code);
      });

      it("gives an agent's student their agency's agent, so the agent sees them; another agency's agent is refused", async () => {
        const res = await add('agent', newStudent());
        expect(res.statusCode, res.body).toBe(201);
        const { studentId } = ZNewStudentSchema.parse(res.json());
        const [stored] = await t.app.db
          .select({ agentId: students.agentId })
          .from(students)
          .where(eq(students.id, studentId));
        expect(stored).toEqual({ agentId: demoAgentId });

        const [other] = await t.app.db
          .select({ id: agents.id })
          .from(agents)
          .where(eq(agents.email, otherAgentEmail));
        const before = await dataSnapshot(t.app);
        const refused = await add('agent', newStudent({ agentId: other?.id ?? 0 }));
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ message: NEW_STUDENT_ERRORS.unknownAgent });
        expect(await dataSnapshot(t.app)).toEqual(before);
      });

      it('refuses a school officer, a duplicate by e-mail or passport, and bad fields, changing nothing', async () => {
        const first = newStudent();
        expect((await add('admin', first)).statusCode).toBe(201);
        const before = await dataSnapshot(t.app);

        const officer = await add('school', newStudent());
        expect(officer.statusCode).toBe(403);
        expect(officer.json()).toEqual({ message: STAFF_ROLE_REFUSED });
        const sameEmail = await add('admin', newStudent({ email: first.email.toUpperCase() }));
        expect(sameEmail.statusCode).toBe(409);
        expect(sameEmail.json()).toEqual({ message: NEW_STUDENT_ERRORS.duplicateEmail });
        const samePassport = await add(
          'admin',
          newStudent({ passportNumber: first.passportNumber }),
        );
        expect(samePassport.statusCode).toBe(409);
        expect(samePassport.json()).toEqual({ message: NEW_STUDENT_ERRORS.duplicatePassport });
        const noSchool = await add('admin', newStudent({ schoolId: 999_999 }));
        expect(noSchool.statusCode).toBe(400);
        expect(noSchool.json()).toEqual({ message: NEW_STUDENT_ERRORS.unknownSchool });

        const badPassport = await add('admin', newStudent({ passportNumber: 'AB1' }));
        expect(badPassport.statusCode).toBe(400);
        expect(badPassport.json()).toEqual({
          message: 'passportNumber: must be 6 to 20 letters and digits',
        });
        const unborn = await add('admin', newStudent({ dateOfBirth: '2999-01-01' }));
        expect(unborn.statusCode).toBe(400);
        expect(unborn.json()).toEqual({ message: 'dateOfBirth: must be in the past' });
        expect(await dataSnapshot(t.app)).toEqual(before);
      });

      it("offers every school, and the agents the caller may name: an agent's own agency's", async () => {
        const read = async (role: TStaffRole) =>
          t.app.inject({ url: STAFF_API_PATHS.staffNewStudentChoices, headers: as[role].headers });
        const admin = ZNewStudentChoicesSchema.parse((await read('admin')).json());
        const agent = ZNewStudentChoicesSchema.parse((await read('agent')).json());
        expect(admin.schools.map((s) => s.id)).toContain(school.id);
        expect(admin.agentRequired).toBe(false);
        expect(new Set(admin.agents.map((a) => a.agencyName)).size).toBe(2);
        expect(agent).toMatchObject({ schools: admin.schools, agentRequired: true });
        expect(agent.agents.map((a) => a.id)).toEqual([demoAgentId]);
        expect((await read('school')).statusCode).toBe(403);
      });
    });

    describe('Import students', () => {
      const good = (tag: string, agent = '') =>
        `Ana,Silva,ana.${tag}@example.com,BR${tag},2001-05-06,${school.name},${agent}`;

      it('previews every row with its line and reason, flags duplicates, and writes nothing', async () => {
        const existing = newStudent();
        expect((await add('admin', existing)).statusCode).toBe(201);
        const before = await dataSnapshot(t.app);
        const res = await upload(
          STAFF_API_PATHS.staffStudentImportPreview,
          'admin',
          csv(
            good('100001'),
            `Bad,Row,not-an-email,X1,2001-02-30,${school.name},`,
            `Dup,Licate,${existing.email},ZZ998877,2001-01-01,${school.name},`,
            `No,School,no.school@example.com,NS123456,2001-01-01,Nowhere College,`,
          ),
        );
        expect(res.statusCode, res.body).toBe(200);
        const preview = ZStudentImportPreviewSchema.parse(res.json());
        expect(preview).toMatchObject({ file: 'students.csv', rows: 4, ready: 1 });
        expect(preview.sample).toEqual([
          {
            line: 2,
            name: 'Ana Silva',
            email: 'ana.100001@example.com',
            school: school.name,
            agentEmail: null,
          },
        ]);
        expect(preview.problems).toEqual([
          {
            line: 3,
            message: expect.stringMatching(
              /^email: must be an e-mail address; passport_number/,
            ) as unknown,
            duplicate: false,
          },
          {
            line: 4,
            message: `email: a student with "${existing.email}" is already in the portal`,
            duplicate: true,
          },
          { line: 5, message: 'school: no school is named "Nowhere College"', duplicate: false },
        ]);
        expect(await dataSnapshot(t.app)).toEqual(before);
      });

      it('imports nothing from a file with one bad row, naming it; then everything once it is fixed', async () => {
        const before = await dataSnapshot(t.app);
        const bad = await upload(
          STAFF_API_PATHS.staffStudentImport,
          'admin',
          csv(good('200001'), good('200002').replace('2001-05-06', 'someday')),
        );
        expect(bad.statusCode).toBe(422);
        expect(ZStudentImportRefusedSchema.parse(bad.json())).toEqual({
          message: '1 bad row; nothing was imported.',
          problems: [
            { line: 3, message: 'date_of_birth: must be a date like 2000-01-31', duplicate: false },
          ],
        });
        expect(await dataSnapshot(t.app)).toEqual(before);

        const mark = await auditLogMark(t.app);
        const res = await upload(
          STAFF_API_PATHS.staffStudentImport,
          'admin',
          csv(good('200001'), good('200002')),
          'autumn intake.csv',
        );
        expect(res.statusCode, res.body).toBe(201);
        expect(res.headers['cache-control']).toBe('no-store');
        const result = ZStudentImportResultSchema.parse(res.json());
        expect(result.imported).toBe(2);
        const [header, ...rows] = parseCsv(result.codesCsv).map((r) => r.cells);
        expect(header).toEqual(['email', 'first_name', 'last_name', 'invite_code', 'expires_at']);
        expect(rows.map((r) => r[0])).toEqual(['ana.200001@example.com', 'ana.200002@example.com']);
        expect(await onboards(rows[1]?.[3] ?? '', 'BR200002', '2001-05-06')).toBe(true);
        const audit = await mark();
        expect(audit).toHaveLength(2);
        expect(audit[0]).toMatchObject({
          actor: 'staff',
          staffId: as.admin.staff.id,
          action: 'student.import',
          details: { file: 'autumn intake.csv', applications: 0 },
        });
        expect(JSON.stringify(audit)).not.toContain(rows[0]?.[3]);
      });

      it("lands an agent's import in their agency: their agent by default, another agency's refused", async () => {
        const refused = await upload(
          STAFF_API_PATHS.staffStudentImportPreview,
          'agent',
          csv(good('300001', otherAgentEmail)),
        );
        expect(ZStudentImportPreviewSchema.parse(refused.json()).problems).toEqual([
          {
            line: 2,
            message: `agent_email: no agent of your agency has the e-mail "${otherAgentEmail}"`,
            duplicate: false,
          },
        ]);
        const res = await upload(STAFF_API_PATHS.staffStudentImport, 'agent', csv(good('300002')));
        expect(res.statusCode, res.body).toBe(201);
        const [stored] = await t.app.db
          .select({ agentId: students.agentId })
          .from(students)
          .where(eq(students.email, 'ana.300002@example.com'));
        expect(stored).toEqual({ agentId: demoAgentId });
      });

      it('refuses a school officer, and files it cannot read, each with its reason', async () => {
        const before = await dataSnapshot(t.app);
        const officer = await upload(
          STAFF_API_PATHS.staffStudentImport,
          'school',
          csv(good('400001')),
        );
        expect(officer.statusCode).toBe(403);
        const cases: [string, Buffer | string, number, string][] = [
          ['students.xlsx', csv(good('400002')), 400, STUDENT_IMPORT_MESSAGES.wrongType],
          [
            'students.csv',
            Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]),
            415,
            STUDENT_IMPORT_MESSAGES.notText,
          ],
          [
            'students.csv',
            Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x0a]),
            415,
            STUDENT_IMPORT_MESSAGES.notText,
          ],
          [
            'students.csv',
            `${HEADER}\n"unclosed`,
            400,
            'students.csv:2: a quoted cell is never closed',
          ],
          ['students.csv', HEADER, 400, 'students.csv: no rows to import'],
          [
            'students.csv',
            csv(...Array.from({ length: MAX_STUDENT_IMPORT_ROWS + 1 }, () => 'a,b,c,d,e,f,g')),
            400,
            STUDENT_IMPORT_MESSAGES.tooManyRows,
          ],
        ];
        for (const [name, content, status, message] of cases) {
          const body = await multipartBody({}, { bytes: Buffer.from(content), name });
          const res = await t.app.inject({
            method: 'POST',
            url: STAFF_API_PATHS.staffStudentImportPreview,
            headers: { ...as.admin.headers, 'content-type': body.contentType },
            payload: body.payload,
          });
          expect([name, res.statusCode, res.json()]).toEqual([name, status, { message }]);
        }
        const tooLarge = await upload(
          STAFF_API_PATHS.staffStudentImport,
          'admin',
          csv(good('400003')).padEnd(5 * 1024 * 1024 + 10, ' '),
        );
        expect(tooLarge.statusCode).toBe(413);
        expect(tooLarge.json()).toEqual({ message: STUDENT_IMPORT_MESSAGES.tooLarge });
        expect(await dataSnapshot(t.app)).toEqual(before);
      });

      it('writes nothing, not even an audit row, when a student was added between the check and the write', async () => {
        const source = {
          file: 'late.csv',
          records: [
            {
              line: 2,
              values: {
                first_name: 'Late',
                last_name: 'Comer',
                email: 'late.comer@example.com',
                passport_number: 'LC123456',
                date_of_birth: '2001-01-01',
                school: school.name,
              },
            },
          ],
        };
        const checked = await checkStudentImport(t.app.db, t.app.dataKeys, {
          students: source,
          applications: null,
        });
        expect(checked.problems).toEqual([]);
        expect(
          (await add('admin', newStudent({ email: 'late.comer@example.com' }))).statusCode,
        ).toBe(201);
        const before = await dataSnapshot(t.app);
        await expect(
          t.app.db.transaction((tx) =>
            writeStudentImport(tx, t.app.dataKeys, checked, {
              by: { actor: 'command-line' },
              action: 'student.import',
            }),
          ),
        ).rejects.toThrow(ADDED_MEANWHILE);
        expect(await dataSnapshot(t.app)).toEqual(before);
      });
    });
  },
);
