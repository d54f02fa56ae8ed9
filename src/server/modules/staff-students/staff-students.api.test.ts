import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import type { TStaffRole } from '../../../shared/staff.js';
import {
  type TStaffStudentListQuery,
  type TStaffStudentListResponse,
  ZStaffOrganisationsResponseSchema,
  ZStaffStudentListResponseSchema,
} from '../../../shared/staff-students.js';
import { STUDENT_STAGES, type TStudentStage } from '../../../shared/student-stages.js';
import { agencies, invites, messages, schools, staff, students } from '../../db/schema.js';
import { refreshStudentStages, studentsWithIds } from '../../db/student-stages.js';
import { lookupHash } from '../../lib/crypto.js';
import { runAdminCommand } from '../../test/run-admin-command.js';
import { changeStudents, seededStudentId } from '../../test/seeded-students.js';
import { signIn } from '../../test/sign-in.js';
import { signInAsEveryRole, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { everyListShape } from '../../test/staff-list-shapes.js';
import { listStaffStudents, pageStatement } from './list-staff-students.js';
import { BAD_STUDENT_CURSOR } from './student-list-cursor.js';

/** Every stage at 0 but those given: the stage bar as the answer holds it. */
const stages = (counts: Partial<Record<TStudentStage, number>>) =>
  Object.fromEntries(STUDENT_STAGES.map((stage) => [stage, counts[stage] ?? 0]));

/** The seed's students by name order (last name, then first), and each scope's share of them. */
const EVERYONE = [
  'Tunde Adebayo',
  'Kwame Mensah',
  'Minh Anh Nguyen',
  'Amara Okafor',
  'Lucas Oliveira',
  'Farida Rahman',
  'Priya Sharma',
];
/** Bright Horizons' students: the demo agent's. */
const BRIGHT_HORIZONS = ['Amara Okafor', 'Lucas Oliveira', 'Farida Rahman', 'Priya Sharma'];
/** Lakeshore State University's students: the demo school officer's. */
const LAKESHORE = [
  'Tunde Adebayo',
  'Amara Okafor',
  'Lucas Oliveira',
  'Farida Rahman',
  'Priya Sharma',
];

describe.each(testDatabaseKinds())('the staff student list ($name)', (kind) => {
  let t: TestApp;
  let as: Record<TStaffRole, StaffSignedIn>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    as = await signInAsEveryRole(t.app);
  });
  afterAll(() => t.close());

  const query = (params: TStaffStudentListQuery) =>
    new URLSearchParams(
      Object.entries(params).map(([k, v]) => [k, String(v as string | number)]),
    ).toString();
  const request = (role: TStaffRole, params: TStaffStudentListQuery = {}) =>
    t.app.inject({
      method: 'GET',
      url: `${STAFF_API_PATHS.staffStudents}?${query(params)}`,
      headers: as[role].headers,
    });
  const list = async (role: TStaffRole, params: TStaffStudentListQuery = {}) => {
    const res = await request(role, params);
    expect(res.statusCode, res.body).toBe(200);
    return ZStaffStudentListResponseSchema.parse(res.json());
  };
  const names = (page: TStaffStudentListResponse) =>
    page.items.map((row) => `${row.firstName} ${row.lastName}`);
  /** Every page of a list, walked through its cursors, `limit` at a time. */
  const walk = async (role: TStaffRole, params: TStaffStudentListQuery, limit: number) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(role, { ...params, limit, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...names(page));
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  };
  const organisationId = async (name: string) => {
    const [school] = await t.app.db.select().from(schools).where(eq(schools.name, name));
    const [agency] = await t.app.db.select().from(agencies).where(eq(agencies.companyName, name));
    const id = school?.id ?? agency?.id;
    if (id === undefined) throw new Error(`no organisation ${name}`);
    return id;
  };

  it('gives each role its own students, by name, with stage, counts and what waits on whom', async () => {
    const everyone = await list('admin');
    expect(names(everyone)).toEqual(EVERYONE);
    expect(everyone.total).toBe(7);
    expect(everyone.nextCursor).toBeNull();
    expect(everyone.stageCounts).toEqual(
      stages({ invited: 2, admitted: 2, i20_issued: 2, sevis_paid: 1 }),
    );
    expect(everyone.items.find((row) => row.firstName === 'Priya')).toMatchObject({
      email: expect.stringContaining('@') as string,
      schoolName: 'Lakeshore State University',
      agencyName: 'Bright Horizons Education Consultants',
      agentName: 'Rahul Mehta',
      stage: 'admitted',
      // Her question about the transcript format, which no office has read yet.
      waiting: ['1 unread message', 'I-20 not issued'],
      lastActivityAt: expect.any(String) as string,
    });
    expect(everyone.items.find((row) => row.firstName === 'Minh Anh')).toMatchObject({
      agencyName: null,
      agentName: null,
      stage: 'sevis_paid',
      waiting: [],
    });
    expect(everyone.items.find((row) => row.firstName === 'Farida')?.waiting).toEqual([
      'SEVIS fee not paid',
    ]);
    // Nothing has happened since Amara's invite: the profile the seed wrote is not her doing.
    expect(everyone.items.find((row) => row.firstName === 'Amara')?.lastActivityAt).toBeNull();

    const agency = await list('agent');
    expect(names(agency)).toEqual(BRIGHT_HORIZONS);
    expect(agency.stageCounts).toEqual(stages({ invited: 1, admitted: 1, i20_issued: 2 }));
    const school = await list('school');
    expect(names(school)).toEqual(LAKESHORE);
    expect(school.total).toBe(5);
    expect(school.stageCounts).toEqual(stages({ invited: 1, admitted: 2, i20_issued: 2 }));
  });

  it('finds students by the start of any word of their name, e-mail or id, whatever the case and the accents, in scope only', async () => {
    const minhAnh = await seededStudentId(t.app, 'Minh Anh');
    const priya = await seededStudentId(t.app, 'Priya');
    await changeStudents(t.app, eq(students.id, minhAnh), { lastName: 'Nguyễn' });
    try {
      for (const q of ['nguyen', 'NGUYỄN', 'minh  nguy', 'anh nguyen'])
        expect(names(await list('admin', { q })), q).toEqual(['Minh Anh Nguyễn']);
      expect(names(await list('admin', { q: 'PRIYA' }))).toEqual(['Priya Sharma']);
      expect(names(await list('admin', { q: 'kwame.mensah@demo' }))).toEqual(['Kwame Mensah']);
      expect(names(await list('admin', { q: priya.slice(0, 13) }))).toEqual(['Priya Sharma']);
      expect(names(await list('admin', { q: 'shar pri' }))).toEqual(['Priya Sharma']);
      // In the activity order, with a passport number, and among those needing action too.
      expect(names(await list('admin', { q: 'priya', sort: 'activity' }))).toEqual([
        'Priya Sharma',
      ]);
      expect(names(await list('admin', { q: 'priya', passport: 'Z7654321' }))).toEqual([
        'Priya Sharma',
      ]);
      const needing = await list('admin', { q: 'priya', needsMyAction: 'true' });
      expect([names(needing), needing.total]).toEqual([['Priya Sharma'], 1]);
      // A word must begin one of theirs: the middle of a name finds no one.
      expect((await list('admin', { q: 'harma' })).total).toBe(0);
      expect((await list('admin', { q: '%' })).total).toBe(0);
      // Another agency's student is not found, nor counted.
      const outside = await list('agent', { q: 'tunde' });
      expect(outside.items).toEqual([]);
      expect(outside.total).toBe(0);
      expect(outside.stageCounts).toEqual(stages({}));
    } finally {
      await changeStudents(t.app, eq(students.id, minhAnh), { lastName: 'Nguyen' });
    }
  });

  it('finds a student by the exact passport number through its keyed hash, in scope only', async () => {
    expect(names(await list('agent', { passport: 'z765 4321' }))).toEqual(['Priya Sharma']);
    expect((await list('agent', { passport: 'Z765432' })).total).toBe(0);
    expect((await list('agent', { passport: 'G3344556' })).total).toBe(0);
    expect(names(await list('admin', { passport: 'G3344556' }))).toEqual(['Kwame Mensah']);
    // The number is stored nowhere as typed: only its keyed hash is on the student's row.
    const [kwame] = await t.app.db
      .select({ hash: students.passportNumberHash })
      .from(students)
      .where(eq(students.firstName, 'Kwame'));
    expect(kwame?.hash).toBe(lookupHash(t.app.dataKeys, 'G3344556'));
  });

  it('filters by stage, school, agency and "needs my action", counting each stage under the rest', async () => {
    const admitted = await list('admin', { stage: 'admitted' });
    expect(names(admitted)).toEqual(['Tunde Adebayo', 'Priya Sharma']);
    expect(admitted.total).toBe(2);
    expect(admitted.stageCounts).toEqual((await list('admin')).stageCounts);
    // A stage no one is at: no page, and still every stage counted.
    const nobody = await list('admin', { stage: 'visa_appointment' });
    expect([nobody.items, nobody.total]).toEqual([[], 0]);
    expect(nobody.stageCounts).toEqual(admitted.stageCounts);

    const pacificCrest = await list('admin', {
      schoolId: await organisationId('Pacific Crest College'),
    });
    expect(names(pacificCrest)).toEqual(['Kwame Mensah', 'Minh Anh Nguyen']);
    expect(pacificCrest.stageCounts).toEqual(stages({ invited: 1, sevis_paid: 1 }));
    const northstar = await list('admin', {
      agencyId: await organisationId('Northstar Study Abroad'),
    });
    expect(names(northstar)).toEqual(['Tunde Adebayo', 'Kwame Mensah']);
    // A filter cannot widen a scope: the agent's list of another agency is empty.
    const widened = await list('agent', {
      agencyId: await organisationId('Northstar Study Abroad'),
    });
    expect([widened.items, widened.total]).toEqual([[], 0]);

    expect(names(await list('admin', { needsMyAction: 'true' }))).toEqual([
      'Tunde Adebayo',
      'Priya Sharma',
    ]);
    expect(names(await list('agent', { needsMyAction: 'true' }))).toEqual(['Priya Sharma']);
    expect(names(await list('school', { needsMyAction: 'true' }))).toEqual([
      'Tunde Adebayo',
      'Priya Sharma',
    ]);

    // An invite that ran out unused waits on the agency, not on the school.
    const amara = await seededStudentId(t.app, 'Amara');
    const [invite] = await t.app.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.studentId, amara))
      .returning({ expiresAt: invites.expiresAt });
    try {
      const agentList = await list('agent', { needsMyAction: 'true' });
      expect(names(agentList)).toEqual(['Amara Okafor', 'Priya Sharma']);
      expect(agentList.items[0]?.waiting).toEqual(['Invite expired']);
      expect(agentList.total).toBe(2);
      expect(names(await list('school', { needsMyAction: 'true' }))).not.toContain('Amara Okafor');
    } finally {
      await t.app.db
        .update(invites)
        .set({ expiresAt: new Date(Date.now() + 86_400_000) })
        .where(eq(invites.studentId, amara));
    }
    expect(invite).toBeDefined();
  });

  it('pages by keyset, each student once, in either order, whoever is added meanwhile', async () => {
    expect(await walk('admin', {}, 2)).toEqual(EVERYONE);
    const byActivity = names(await list('admin', { sort: 'activity' }));
    expect(await walk('admin', { sort: 'activity' }, 3)).toEqual(byActivity);
    expect(await walk('school', {}, 1)).toEqual(LAKESHORE);

    // A student added before the page a walk has reached is not shown again, nor anyone skipped.
    const first = await list('admin', { limit: 3 });
    const [early] = await t.app.db
      .insert(students)
      .values({
        firstName: 'Aaron',
        lastName: 'Aardvark',
        passportNumberHash: 'test-hash',
        dateOfBirthHash: 'test-hash',
      })
      .returning({ id: students.id });
    await refreshStudentStages(t.app.db, studentsWithIds([early?.id ?? '']));
    try {
      const rest = await walk('admin', { cursor: first.nextCursor ?? '' }, 2);
      expect([...names(first), ...rest]).toEqual(EVERYONE);
      expect((await list('admin')).total).toBe(8);
    } finally {
      await t.app.db.delete(students).where(eq(students.id, early?.id ?? ''));
    }
  });

  it('refuses a cursor it did not give, or one of the other order', async () => {
    const { nextCursor } = await list('admin', { limit: 2 });
    for (const params of [
      { cursor: 'not-a-cursor' },
      { cursor: Buffer.from('{"sort":"name"}').toString('base64url') },
      { cursor: nextCursor ?? '', sort: 'activity' as const },
    ]) {
      const res = await request('admin', params);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: BAD_STUDENT_CURSOR });
    }
    expect((await request('admin', { stage: 'graduated' } as never)).statusCode).toBe(400);
    expect((await request('admin', { limit: 0 })).statusCode).toBe(400);
  });

  it('puts the student who acted last first, with what their action left waiting', async () => {
    const kwame = await seededStudentId(t.app, 'Kwame');
    await t.app.db.insert(messages).values({
      studentId: kwame,
      direction: 'outbound',
      fromName: 'Kwame Mensah',
      toName: 'International Student Office',
      subject: 'My invite',
      content: 'When can I start?',
    });
    const byActivity = await list('admin', { sort: 'activity' });
    expect(byActivity.items[0]).toMatchObject({
      firstName: 'Kwame',
      waiting: ['1 unread message'],
    });
    const activity = byActivity.items.map((row) => row.lastActivityAt ?? '');
    expect(activity).toEqual([...activity].sort().reverse());
    await t.app.db.delete(messages).where(eq(messages.studentId, kwame));
  });

  it("lists the schools and agencies of the caller's students, to filter by", async () => {
    const read = async (role: TStaffRole) => {
      const res = await t.app.inject({
        method: 'GET',
        url: STAFF_API_PATHS.staffOrganisations,
        headers: as[role].headers,
      });
      expect(res.statusCode).toBe(200);
      const { schools: s, agencies: a } = ZStaffOrganisationsResponseSchema.parse(res.json());
      return [s.map((o) => o.name), a.map((o) => o.name)];
    };
    expect(await read('admin')).toEqual([
      ['Lakeshore State University', 'Pacific Crest College'],
      ['Bright Horizons Education Consultants', 'Northstar Study Abroad'],
    ]);
    expect(await read('agent')).toEqual([
      ['Lakeshore State University'],
      ['Bright Horizons Education Consultants'],
    ]);
    expect(await read('school')).toEqual([
      ['Lakeshore State University'],
      ['Bright Horizons Education Consultants', 'Northstar Study Abroad'],
    ]);
  });

  it('keeps each student at the stage the rule gives as the record moves on', async () => {
    const priya = await seededStudentId(t.app, 'Priya');
    const stageOf = async () =>
      (await list('admin', { q: priya })).items.map((row) => row.stage)[0];
    const update = (...options: string[]) =>
      runAdminCommand(t.app, ['update-student', priya, ...options]);
    try {
      expect(
        (await update('--i20-issued', '2026-07-01', '--i20-document', 'https://x.example/i20.pdf'))
          .code,
      ).toBe(0);
      expect(await stageOf()).toBe('i20_issued');
      expect(
        (await update('--sevis-paid', '2026-07-05', '--visa-appointment', '2026-08-10')).code,
      ).toBe(0);
      expect(await stageOf()).toBe('visa_appointment');
      expect((await list('admin')).stageCounts).toEqual(
        stages({ invited: 2, admitted: 1, i20_issued: 2, sevis_paid: 1, visa_appointment: 1 }),
      );
    } finally {
      await update('--clear-i20', '--clear-sevis', '--clear-visa-appointment');
    }
    expect(await stageOf()).toBe('admitted');
  });

  it("leaves out demo visitors' own copies, which are nobody's students", async () => {
    await signIn(t.app);
    const [copies] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(students)
      .where(and(eq(students.firstName, 'Priya'), eq(students.demo, 'visitor')));
    expect(copies?.n).toBeGreaterThan(0);
    expect(names(await list('admin', { q: 'priya' }))).toEqual(['Priya Sharma']);
    expect((await list('admin')).total).toBe(7);
    expect((await list('admin', { passport: 'Z7654321' })).total).toBe(1);
  });

  it('runs every shape of request, each of its prepared statements, for every role', async () => {
    const demoStaff = await t.app.db.select().from(staff).where(eq(staff.demo, true));
    const callerOf = (role: TStaffRole): StaffCaller => {
      const member = demoStaff.find((row) => row.role === role);
      if (!member) throw new Error(`no demo ${role}`);
      return { ...member, organisationName: null };
    };
    const ran = new Set<string>();
    for (const { caller, request } of everyListShape(callerOf)) {
      const { name } = pageStatement(caller, t.app.dataKeys, request).statement;
      if (ran.has(name)) continue;
      ran.add(name);
      const page = await listStaffStudents(t.app.db, t.app.dataKeys, caller, request);
      expect(ZStaffStudentListResponseSchema.safeParse(page).success, name).toBe(true);
    }
    expect(ran.size).toBeGreaterThan(100);
    // Over a hundred statements planned and run one after the other: about 15 s on a quiet
    // machine, twice that on a busy CI one.
  }, 90_000);

  it('opens no record of a student outside the scope, nor of an id that is none', async () => {
    const kwame = await seededStudentId(t.app, 'Kwame');
    for (const [role, id] of [
      ['agent', kwame],
      ['admin', 'not-an-id'],
      ['admin', '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: apiPath(STAFF_API_PATHS.staffStudent, { id }),
        headers: as[role].headers,
      });
      expect(res.statusCode, `${role} ${id}`).toBe(404);
      expect(res.json()).toEqual({ message: 'No student with this id.' });
    }
  });
});
