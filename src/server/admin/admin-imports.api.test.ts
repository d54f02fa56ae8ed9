import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { dateOfBirthToUtcTimestamp } from '../../shared/onboarding.js';
import {
  agencies,
  agents,
  applications,
  invites,
  profiles,
  schools,
  students,
} from '../db/schema.js';
import { decryptField } from '../lib/crypto.js';
import { auditLogMark } from '../test/audit-log-mark.js';
import { databaseDigest, runAdminCommand } from '../test/run-admin-command.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';

// Seven groups of four symbols of 32 (issue-invite.ts): 140 random bits.
const CODE = /[2-9A-HJ-NP-Z]{4}(?:-[2-9A-HJ-NP-Z]{4}){6}/;

describe.each(testDatabaseKinds())('admin imports on $name', (kind) => {
  let t: TestApp;
  let dir: string;
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const admin = (...argv: string[]) => runAdminCommand(t.app, argv);
  /** An audit row of the command line (no staff member, no address). */
  const byCommandLine = (row: {
    action: string;
    studentId?: string;
    details: Record<string, unknown>;
  }) => ({ actor: 'command-line', staffId: null, address: null, studentId: null, ...row });

  beforeAll(async () => {
    t = await startTestApp(kind);
    dir = mkdtempSync(join(tmpdir(), 'admin-import-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports every bad school row by its line, and writes nothing', async () => {
    const before = await databaseDigest(t.app);
    const path = file(
      'schools.csv',
      [
        'Name,Require MOI,Website,Mission',
        // A quoted cell over two lines: the next row starts on line 4.
        'Harbor Point University,yes,harborpoint.example.edu,"Teach.\nServe."',
        'Bad Flag College,maybe,,',
        'lakeshore state university,no,,',
        ',no,,',
        'Harbor Point University,no,,',
        'Odd Link College,no,javascript:alert(1),',
      ].join('\r\n'),
    );
    const run = await admin('import-schools', path);
    expect(run.code).toBe(1);
    expect(run.err.split('\n')).toEqual([
      `${path}:4: require_moi: must be yes or no`,
      `${path}:5: a school named "lakeshore state university" already exists`,
      `${path}:6: name: is required`,
      `${path}:7: the school "harbor point university" is already on line 2`,
      `${path}:8: website: must be a web address (https://...)`,
      '5 bad rows; nothing was imported.',
    ]);
    const dryRun = await admin('import-schools', path, '--dry-run');
    expect(dryRun.code).toBe(1);
    expect(dryRun.err).toContain(`${path}:4: require_moi: must be yes or no`);
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it('imports schools from CSV after a clean dry run', async () => {
    const path = file(
      'good-schools.csv',
      '\uFEFFname,require_moi,website,city\nHarbor Point University,yes,harborpoint.example.edu,Boston\nDelta Valley College,,,\n',
    );
    const before = await databaseDigest(t.app);
    const dryRun = await admin('import-schools', path, '--dry-run');
    expect(dryRun).toMatchObject({ code: 0, err: '' });
    expect(dryRun.out).toContain('it would import 2 schools. Nothing was written.');
    expect(await databaseDigest(t.app)).toEqual(before);

    const written = await auditLogMark(t.app);
    const run = await admin('import-schools', path);
    expect(run.code).toBe(0);
    expect(run.out).toContain(`Imported 2 schools from ${path}.`);
    expect(await written()).toEqual([
      byCommandLine({
        action: 'schools.import',
        details: {
          file: 'good-schools.csv',
          schools: [
            { id: expect.any(Number) as number, name: 'Harbor Point University' },
            { id: expect.any(Number) as number, name: 'Delta Valley College' },
          ],
        },
      }),
    ]);
    const rows = await t.app.db
      .select({
        name: schools.name,
        requireMoi: schools.requireMoi,
        website: schools.website,
        city: schools.city,
      })
      .from(schools)
      .where(sql`${schools.name} in ('Harbor Point University', 'Delta Valley College')`)
      .orderBy(schools.name);
    expect(rows).toEqual([
      { name: 'Delta Valley College', requireMoi: false, website: null, city: null },
      {
        name: 'Harbor Point University',
        requireMoi: true,
        website: 'harborpoint.example.edu',
        city: 'Boston',
      },
    ]);
    // Run again: every row now names an existing school.
    expect((await admin('import-schools', path)).code).toBe(1);
  });

  it('imports agencies and agents from JSON, reporting bad items by line', async () => {
    const bad = file(
      'agents-bad.json',
      `[
  { "agency": "Northstar Advisers", "agent_first_name": "Ana", "agent_last_name": "Silva" },
  { "agency": "Bright Horizons Education Consultants", "agency_city": "Pune",
    "agent_first_name": "Ravi", "agent_last_name": "Kumar", "agent_email": "ravi@example.com" },
  { "agency": "Northstar Advisers", "agent_first_name": "Bo", "agent_last_name": "Li", "agent_email": "bo@example.com" },
  { "agency": "Northstar Advisers", "agent_first_name": "Cy", "agent_last_name": "Ng", "agent_email": "BO@example.com" },
  { "agency": "Northstar Advisers", "agent_emial": "x@example.com" },
  { "agency": { "nested": true } }
]`,
    );
    const before = await databaseDigest(t.app);
    const run = await admin('import-agencies', bad, '--dry-run');
    expect(run.code).toBe(1);
    const lines = run.err.split('\n');
    expect(lines).toContain(`${bad}:2: agent_email: is required for an agent`);
    expect(lines).toContain(
      `${bad}:3: the agency "Bright Horizons Education Consultants" already exists; leave its agency_ columns empty to add agents to it`,
    );
    expect(lines).toContain(`${bad}:6: the agent e-mail "bo@example.com" is already on line 5`);
    expect(lines.find((l) => l.startsWith(`${bad}:7: unknown column "agent_emial"`))).toBeDefined();
    expect(lines).toContain(
      `${bad}:8: agency: must be text, a number, true/false or a list of text`,
    );
    expect(lines.at(-1)).toBe('5 bad rows; nothing was imported.');
    expect(await databaseDigest(t.app)).toEqual(before);

    const good = file(
      'agents.json',
      JSON.stringify([
        {
          agency: 'Northstar Advisers',
          agency_country: 'Kenya',
          agency_business_services: ['Visas', 'Housing'],
          agent_first_name: 'Bo',
          agent_last_name: 'Li',
          agent_email: 'Bo@Example.com',
        },
        {
          agency: 'Northstar Advisers',
          agent_first_name: 'Cy',
          agent_last_name: 'Ng',
          agent_email: 'cy@example.com',
        },
        {
          agency: 'Bright Horizons Education Consultants',
          agent_first_name: 'Ravi',
          agent_last_name: 'Kumar',
          agent_email: 'ravi@example.com',
        },
      ]),
    );
    const written = await auditLogMark(t.app);
    const applied = await admin('import-agencies', good);
    expect(applied.code).toBe(0);
    expect(applied.out).toContain('Imported 1 new agency and 3 agents');
    const northstar = await t.app.db
      .select()
      .from(agencies)
      .where(eq(agencies.companyName, 'Northstar Advisers'));
    expect(northstar).toMatchObject([{ country: 'Kenya', businessServices: ['Visas', 'Housing'] }]);
    const northstarId = northstar[0]?.id;
    const [brightHorizons] = await t.app.db
      .select({ id: agencies.id })
      .from(agencies)
      .where(eq(agencies.companyName, 'Bright Horizons Education Consultants'));
    const agent = (agencyId: number | undefined, email: string) => ({
      id: expect.any(Number) as number,
      agencyId,
      email,
    });
    expect(await written()).toEqual([
      byCommandLine({
        action: 'agencies.import',
        details: {
          file: 'agents.json',
          agencies: [{ id: northstarId, name: 'Northstar Advisers' }],
          agents: [
            agent(northstarId, 'bo@example.com'),
            agent(northstarId, 'cy@example.com'),
            agent(brightHorizons?.id, 'ravi@example.com'),
          ],
        },
      }),
    ]);
    const added = await t.app.db
      .select({ email: agents.email, agency: agencies.companyName })
      .from(agents)
      .innerJoin(agencies, eq(agencies.id, agents.agencyId))
      .where(sql`${agents.email} like '%@example.com'`)
      .orderBy(agents.email);
    // The seed's agents have e-mails of their agencies' own (example.com's subdomains).
    expect(added).toEqual([
      { email: 'bo@example.com', agency: 'Northstar Advisers' },
      { email: 'cy@example.com', agency: 'Northstar Advisers' },
      { email: 'ravi@example.com', agency: 'Bright Horizons Education Consultants' },
    ]);
  });

  const studentsHeader =
    'first_name,last_name,email,passport_number,date_of_birth,nationality,school,agent_email,admission_status';
  const applicationsHeader = 'student_email,university,program,status,submitted_at,portal_url';

  it('refuses a student import with any bad row in either file, naming file and line', async () => {
    const studentsFile = file(
      'students-bad.csv',
      [
        studentsHeader,
        'Kofi,Mensah,kofi@example.com,G1234567,2001-04-05,Ghana,Harbor Point University,bo@example.com,Admitted',
        'Lena,Fischer,lena@example.com,C0,2001-02-30,Germany,Nowhere College,nobody@example.com,',
        'Kofi,Again,KOFI@example.com,G7654321,2001-04-05,Ghana,Harbor Point University,,',
        'Priya,Sharma,priya.sharma@demo.student-portal.test,Z7654321,2001-06-02,India,Lakeshore State University,,',
      ].join('\n'),
    );
    const applicationsFile = file(
      'applications-bad.csv',
      [
        applicationsHeader,
        'kofi@example.com,Harbor Point University,MBA,accepted,2026-03-01,',
        'ghost@example.com,Harbor Point University,MBA,Under Review!,yesterday,',
      ].join('\n'),
    );
    const before = await databaseDigest(t.app);
    const run = await admin('import-students', studentsFile, '--applications', applicationsFile);
    expect(run.code).toBe(1);
    const lines = run.err.split('\n');
    expect(lines).toEqual([
      expect.stringContaining(
        `${applicationsFile}:3: status: must be a word like accepted or under_review; submitted_at:`,
      ),
      `${studentsFile}:3: passport_number: must be 6 to 20 letters and digits; date_of_birth: must be a date like 2000-01-31`,
      `${studentsFile}:4: the e-mail "kofi@example.com" is already on line 2`,
      `${studentsFile}:5: email: a student with "priya.sharma@demo.student-portal.test" is already in the portal`,
      `${studentsFile}:5: passport_number: a student with this passport number is already in the portal`,
      '4 bad rows; nothing was imported.',
    ]);
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it('imports students with applications, one invite code each that onboards them, stored only as a hash', async () => {
    const studentsFile = file(
      'students.csv',
      [
        studentsHeader,
        'Kofi,Mensah,kofi@example.com,g123 4567,2001-04-05,Ghana,Harbor Point University,bo@example.com,Admitted',
        'Lena,Fischer,lena@example.com,C01234567,2000-12-24,Germany,Delta Valley College,,',
      ].join('\n'),
    );
    const applicationsFile = file(
      'applications.json',
      JSON.stringify([
        {
          student_email: 'kofi@example.com',
          university: 'Harbor Point University',
          program: 'MBA',
          status: 'accepted',
          submitted_at: '2026-03-01',
          portal_url: 'apply.harborpoint.example.edu',
        },
        {
          student_email: 'kofi@example.com',
          university: 'Delta Valley College',
          program: 'M.S. Finance',
          status: 'under_review',
          submitted_at: '2026-03-02T10:00:00Z',
        },
        {
          student_email: 'amara.okafor@demo.student-portal.test',
          university: 'Delta Valley College',
          program: 'B.A.',
          status: 'documents_required',
          submitted_at: '2026-02-01',
        },
      ]),
    );
    const codesFile = join(dir, 'codes.csv');
    const written = await auditLogMark(t.app);
    const run = await admin(
      'import-students',
      studentsFile,
      '--applications',
      applicationsFile,
      '--invite-days',
      '30',
      '--codes-out',
      codesFile,
    );
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toContain('Imported 2 students with 3 applications');
    expect(run.out).not.toMatch(CODE);
    expect(statSync(codesFile).mode & 0o777).toBe(0o600);
    const [header, ...codeLines] = readFileSync(codesFile, 'utf8').trim().split('\n');
    expect(header).toBe('email,first_name,last_name,invite_code,expires_at');
    expect(codeLines).toHaveLength(2);
    const kofiCode = CODE.exec(codeLines.find((l) => l.startsWith('kofi@')) ?? '')?.[0] ?? '';
    expect(kofiCode).not.toBe('');

    const [kofi] = await t.app.db
      .select()
      .from(students)
      .where(eq(students.email, 'kofi@example.com'));
    expect(kofi).toMatchObject({
      firstName: 'Kofi',
      admissionStatus: 'Admitted',
      faceVerified: false,
    });
    const [profile] = await t.app.db
      .select()
      .from(profiles)
      .where(eq(profiles.studentId, kofi?.id ?? ''));
    expect(decryptField(t.app.dataKeys, profile?.passportNumberEncrypted ?? '')).toBe('G1234567');
    expect(profile?.nationality).toBe('Ghana');
    const stored = await t.app.db
      .select()
      .from(invites)
      .where(eq(invites.studentId, kofi?.id ?? ''));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(kofiCode.replaceAll('-', ''));
    const days = ((stored[0]?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(
      await t.app.db
        .select({ program: applications.program })
        .from(applications)
        .where(eq(applications.program, 'B.A.')),
    ).toHaveLength(1);

    // The code onboards Kofi as the portal's lookup sees it, typed as a student might.
    const lookup = await t.app.inject({
      method: 'POST',
      url: API_PATHS.getStudentId,
      payload: {
        invite_code: kofiCode.toLowerCase(),
        passport_number: 'G1234567',
        date_of_birth: dateOfBirthToUtcTimestamp('2001-04-05'),
      },
    });
    expect(lookup.json()).toMatchObject({ student_id: kofi?.id, first_name: 'Kofi' });

    // The audit log has each new student, and the student already in the portal who got an
    // application, in the import's one transaction.
    const idOf = async (email: string) =>
      (await t.app.db.select().from(students).where(eq(students.email, email)))[0]?.id;
    const imported = (studentId: string | undefined, applications: number) =>
      byCommandLine({
        action: 'student.import',
        studentId,
        details: {
          file: 'students.csv',
          applicationsFile: 'applications.json',
          applications,
          inviteExpiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
        },
      });
    expect(await written()).toEqual([
      imported(kofi?.id, 2),
      imported(await idOf('lena@example.com'), 0),
      byCommandLine({
        action: 'applications.import',
        studentId: await idOf('amara.okafor@demo.student-portal.test'),
        details: { file: 'applications.json', applications: 1 },
      }),
    ]);

    // The same codes file is never overwritten.
    const again = await admin('import-students', studentsFile, '--codes-out', codesFile);
    expect(again.code).toBe(1);
  });

  it('prints the codes when no codes file is named', async () => {
    const studentsFile = file(
      'one-student.csv',
      `${studentsHeader}\nMaya,Cohen,maya@example.com,P9876543,2002-08-09,Israel,Delta Valley College,,\n`,
    );
    const run = await admin('import-students', studentsFile);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(new RegExp(`maya@example.com  ${CODE.source}  expires`));
  });

  it('writes nothing when the database fails half-way through an import', async () => {
    // A real failure inside the transaction, after students and profiles are written.
    await t.app.db.execute(sql`create function refuse_program() returns trigger language plpgsql as
      $$ begin if new.program = 'Refused' then raise exception 'refused by test'; end if; return new; end $$`);
    await t.app.db.execute(sql`create trigger refuse_program before insert on applications
      for each row execute function refuse_program()`);
    try {
      const studentsFile = file(
        'late-failure.csv',
        `${studentsHeader}\nOmar,Haddad,omar@example.com,J1122334,1999-01-01,Jordan,Delta Valley College,,\n`,
      );
      const applicationsFile = file(
        'late-failure-apps.csv',
        `${applicationsHeader}\nomar@example.com,Delta Valley College,Refused,accepted,2026-01-01,\n`,
      );
      const before = await databaseDigest(t.app);
      const run = await admin('import-students', studentsFile, '--applications', applicationsFile);
      expect(run.code).toBe(1);
      expect(run.err).toContain('import-students failed:');
      expect(await databaseDigest(t.app)).toEqual(before);
    } finally {
      await t.app.db.execute(sql`drop trigger refuse_program on applications`);
      await t.app.db.execute(sql`drop function refuse_program()`);
    }
  });

  it('refuses files it cannot read, with the reason', async () => {
    expect((await admin('import-schools', join(dir, 'missing.csv'))).err).toContain('Cannot read');
    expect((await admin('import-schools', file('schools.txt', 'name\nx'))).err).toContain(
      'must end in .csv or .json',
    );
    const unclosed = await admin('import-schools', file('unclosed.csv', 'name\n"Open College\n'));
    expect(unclosed).toMatchObject({ code: 1 });
    expect(unclosed.err).toContain('unclosed.csv:2: a quoted cell is never closed');
    expect((await admin('import-schools', file('empty.json', '[]'))).err).toContain(
      'no rows to import',
    );
    expect((await admin('import-schools', file('object.json', '{"name":"x"}'))).err).toContain(
      'must be an array',
    );
    expect((await admin('import-schools')).code).toBe(2);
  });
});
