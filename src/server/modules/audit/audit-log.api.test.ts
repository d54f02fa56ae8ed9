import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  type TAuditAction,
  type TAuditQuery,
  ZAuditListResponseSchema,
} from '../../../shared/audit-log.js';
import type { TAuditActor } from '../../../shared/staff.js';
import { parseCsv } from '../../lib/import-records/parse-csv.js';
import { auditEvents, staff, students } from '../../db/schema.js';
import { bearer, signIn } from '../../test/sign-in.js';
import { signInAsStaff, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { DEMO_VISITOR_LIFETIME_MS, pruneDemoVisitors } from '../auth/demo-visitors.js';
import { STAFF_ROLE_REFUSED, STAFF_UNAUTHORIZED } from '../staff-auth/staff-scope.js';
import { AUDIT_CSV_MAX_ROWS } from './audit-csv-lines.js';
import { BAD_CURSOR, DATES_REVERSED } from './list-audit-events.js';
import { recordAuditEvent } from './record-audit-event.js';

/** What the database answers a change of the audit log (migration 0011's trigger). */
const APPEND_ONLY = /audit_events is append-only: a row cannot be (update|delete|truncate)/;

describe.each(testDatabaseKinds())('the audit log ($name)', (kind) => {
  let t: TestApp;
  let admin: StaffSignedIn;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInAsStaff(t.app, 'admin');
  });
  afterAll(() => t.close());

  // The query as a browser's address holds it (the schema's input types `limit` as unknown).
  const query = (params: TAuditQuery) =>
    new URLSearchParams(
      Object.entries(params).map(([k, v]) => [k, String(v as string | number)]),
    ).toString();
  const list = (params: TAuditQuery, headers = admin.headers) =>
    t.app.inject({
      method: 'GET',
      url: `${STAFF_API_PATHS.staffAudit}?${query(params)}`,
      headers,
    });
  const listed = async (params: TAuditQuery) => {
    const res = await list(params);
    expect(res.statusCode, res.body).toBe(200);
    return ZAuditListResponseSchema.parse(res.json());
  };
  const csv = (params: TAuditQuery, headers = admin.headers) =>
    t.app.inject({
      method: 'GET',
      url: `${STAFF_API_PATHS.staffAuditCsv}?${query(params)}`,
      headers,
    });

  /** A row written at a chosen moment, as only a test may (the app's rows are stamped now()). */
  const insertRow = async (
    at: string,
    row: {
      action: TAuditAction;
      actor?: TAuditActor;
      staffId?: string;
      studentId?: string;
      details?: Record<string, unknown>;
    },
  ) => {
    const [inserted] = await t.app.db
      .insert(auditEvents)
      .values({
        actor: row.actor ?? (row.staffId ? 'staff' : 'command-line'),
        staffId: row.staffId ?? null,
        address: row.staffId ? '198.51.100.7' : null,
        action: row.action,
        studentId: row.studentId ?? null,
        details: row.details ?? {},
        createdAt: new Date(at),
      })
      .returning({ id: auditEvents.id });
    if (!inserted) throw new Error('no audit row inserted');
    return inserted.id;
  };

  it('lists what a staff reveal wrote, with the staff member and the student by name', async () => {
    const student = await signIn(t.app);
    await t.app.db.transaction((tx) =>
      recordAuditEvent(
        tx,
        { actor: 'staff', staffId: admin.staff.id, address: '203.0.113.9' },
        { action: 'profile.reveal', studentId: student.id, details: { field: 'passportNumber' } },
      ),
    );
    const { items, nextCursor } = await listed({ studentId: student.id });
    expect(nextCursor).toBeNull();
    expect(items).toEqual([
      {
        id: expect.any(Number) as number,
        at: expect.any(String) as string,
        actor: 'staff',
        staffId: admin.staff.id,
        staffName: 'Grace Liu',
        action: 'profile.reveal',
        studentId: student.id,
        studentName: `${student.user.firstName} ${student.user.lastName}`,
        address: '203.0.113.9',
        details: { field: 'passportNumber' },
      },
    ]);
    expect(Date.now() - Date.parse(items[0]?.at ?? '')).toBeLessThan(60_000);
  });

  it('filters by staff member, student, action and UTC days, newest first', async () => {
    const agent = await signInAsStaff(t.app, 'agent');
    const [first, second] = [randomUUID(), randomUUID()];
    const a = await insertRow('2003-05-01T00:00:00.000Z', {
      action: 'profile.reveal',
      staffId: admin.staff.id,
      studentId: first,
    });
    const b = await insertRow('2003-05-01T23:59:59.999Z', {
      action: 'student.update',
      studentId: first,
    });
    const c = await insertRow('2003-05-02T00:00:00.000Z', {
      action: 'profile.reveal',
      staffId: agent.staff.id,
      studentId: second,
    });
    const d = await insertRow('2003-05-03T12:00:00.000Z', { action: 'schools.import' });
    await insertRow('2003-04-30T23:59:59.999Z', { action: 'schools.import' });
    await insertRow('2003-05-04T00:00:00.000Z', { action: 'schools.import' });

    const ids = async (params: TAuditQuery) => (await listed(params)).items.map((e) => e.id);
    const may = { from: '2003-05-01', to: '2003-05-03' };
    expect(await ids(may)).toEqual([d, c, b, a]);
    expect(await ids({ from: '2003-05-01', to: '2003-05-01' })).toEqual([b, a]);
    expect(await ids({ ...may, staffId: agent.staff.id })).toEqual([c]);
    expect(await ids({ ...may, action: 'profile.reveal' })).toEqual([c, a]);
    expect(await ids({ studentId: first })).toEqual([b, a]);
    expect(await ids({ studentId: first, action: 'student.update' })).toEqual([b]);
    // A student the log never mentions, and one deleted long ago, are rows of nobody.
    expect(await ids({ studentId: second, staffId: admin.staff.id })).toEqual([]);
    const [commandLine] = (await listed({ ...may, action: 'student.update' })).items;
    expect(commandLine).toMatchObject({
      actor: 'command-line',
      staffId: null,
      staffName: null,
      address: null,
      studentName: null,
    });
  });

  it('pages by keyset: every row once, in order, ties by id, unmoved by newer rows', async () => {
    const day = '2002-02-02';
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await insertRow(`${day}T10:00:00.000Z`, { action: 'schools.import' }));
    ids.push(await insertRow(`${day}T09:00:00.000Z`, { action: 'agencies.import' }));
    ids.push(await insertRow(`${day}T11:00:00.000Z`, { action: 'agencies.import' }));
    const newestFirst = [ids[6], ...ids.slice(0, 5).reverse(), ids[5]];

    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listed({ from: day, to: day, limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
      // A row written while someone pages is newer than every page: none moves or repeats.
      if (pages === 1) await insertRow(`${day}T12:00:00.000Z`, { action: 'schools.import' });
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toEqual(newestFirst);
  });

  it('refuses bad filters with a message saying which', async () => {
    for (const [params, message] of [
      [{ staffId: 'grace' }, /^staffId: must be a staff member's id/],
      [{ studentId: '42' }, /^studentId: must be a student's id/],
      [{ action: 'student.rename' }, /^action: is not an action the audit log records/],
      [{ from: '2026-02-30' }, /^from: must be a date like 2026-07-01/],
      [{ to: '1 May 2026' }, /^to: must be a date like 2026-07-01/],
      [{ limit: 500 }, /^limit: /],
      [{ from: '2026-05-02', to: '2026-05-01' }, DATES_REVERSED],
      [{ cursor: 'not-a-cursor' }, BAD_CURSOR],
      [{ cursor: Buffer.from('audit:-1').toString('base64url') }, BAD_CURSOR],
    ] as const) {
      const res = await list(params as TAuditQuery);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const reversed = await csv({ from: '2026-05-02', to: '2026-05-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ message: DATES_REVERSED });
    const badAction = await csv({ action: 'everything' as TAuditAction });
    expect(badAction.statusCode).toBe(400);
  });

  it('is for administrators: agents and school officers get a 403, no session a 401', async () => {
    for (const role of ['agent', 'school'] as const) {
      const { headers } = await signInAsStaff(t.app, role);
      for (const res of [await list({}, headers), await csv({}, headers)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: STAFF_ROLE_REFUSED });
      }
    }
    const student = await signIn(t.app);
    for (const headers of [{}, bearer(student.token)]) {
      for (const res of [await list({}, headers), await csv({}, headers)]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: STAFF_UNAUTHORIZED });
      }
    }
  });

  it('exports CSV a spreadsheet opens safely: quoted, formulas defused, details as JSON', async () => {
    const [sly] = await t.app.db
      .insert(staff)
      .values({
        name: '=HYPERLINK("https://evil.example","Grace")',
        email: 'sly@example.com',
        role: 'admin',
      })
      .returning({ id: staff.id });
    const student = await signIn(t.app);
    await t.app.db
      .update(students)
      .set({ firstName: '-2+3', lastName: 'O\'Brien, "Jr"' })
      .where(eq(students.id, student.id));
    const day = '2004-04-04';
    const details = { note: '@SUM(A1)\nsecond line', from: 'Processing', to: 'Admitted' };
    await insertRow(`${day}T08:00:00.000Z`, {
      action: 'student.update',
      staffId: sly?.id,
      studentId: student.id,
      details,
    });
    await insertRow(`${day}T09:00:00.000Z`, {
      action: 'schools.import',
      details: { file: '+schools.csv', schools: 2 },
    });

    const res = await csv({ from: day, to: day });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="audit-${today}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    // RFC 4180: every record ends CRLF (the details' line break is JSON's \n, not a new line).
    expect(res.body.split('\r\n')).toHaveLength(4);
    expect(res.body.replaceAll('\r\n', '')).not.toContain('\n');

    const [header, imported, updated, ...rest] = parseCsv(res.body).map((r) => r.cells);
    expect(rest).toEqual([]);
    expect(header).toEqual([
      'time_utc',
      'actor',
      'staff_id',
      'staff_name',
      'action',
      'action_name',
      'student_id',
      'student_name',
      'address',
      'details',
    ]);
    expect(imported).toEqual([
      `${day}T09:00:00.000Z`,
      'command-line',
      '',
      '',
      'schools.import',
      'Schools imported',
      '',
      '',
      '',
      JSON.stringify({ file: '+schools.csv', schools: 2 }),
    ]);
    // jsonb keeps its own key order: the details cell is compared as JSON.
    expect(updated?.slice(0, 9)).toEqual([
      `${day}T08:00:00.000Z`,
      'staff',
      sly?.id,
      `'=HYPERLINK("https://evil.example","Grace")`,
      'student.update',
      'Student record updated',
      student.id,
      `'-2+3 O'Brien, "Jr"`,
      '198.51.100.7',
    ]);
    expect(JSON.parse(updated?.[9] ?? '')).toEqual(details);
  });

  it('exports every matching row across reads, and refuses more than one export holds', async () => {
    const insertMany = (count: number, day: string) =>
      t.app.db.execute(
        sql`insert into ${auditEvents} (actor, action, created_at)
            select 'command-line', 'schools.import', ${`${day}T00:00:00Z`}::timestamptz + n * interval '1 millisecond'
            from generate_series(1, ${count}) as n`,
      );
    await insertMany(2500, '2005-05-05');
    const res = await csv({ from: '2005-05-05', to: '2005-05-05' });
    expect(res.statusCode).toBe(200);
    const times = parseCsv(res.body)
      .slice(1)
      .map((r) => r.cells[0] ?? '');
    expect(times).toHaveLength(2500);
    expect(new Set(times).size).toBe(2500);
    expect(times).toEqual([...times].sort().reverse());

    await insertMany(AUDIT_CSV_MAX_ROWS + 1, '2006-06-06');
    const tooMany = await csv({ from: '2006-06-06', to: '2006-06-06' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({
      message:
        '100,001 events match; one export holds at most 100,000. Choose a shorter date range or another filter.',
    });
  }, 60_000);

  it('keeps the rows of a student who is deleted, without their name', async () => {
    const visitor = await signIn(t.app);
    await t.app.db.transaction((tx) =>
      recordAuditEvent(
        tx,
        { actor: 'staff', staffId: admin.staff.id, address: '203.0.113.9' },
        { action: 'profile.reveal', studentId: visitor.id },
      ),
    );
    // The demo visitors' pruning deletes students in bulk: the audit log is not in its way.
    await t.app.db
      .update(students)
      .set({ createdAt: new Date(Date.now() - DEMO_VISITOR_LIFETIME_MS - 60_000) })
      .where(eq(students.id, visitor.id));
    expect(
      await pruneDemoVisitors({ db: t.app.db, storage: t.app.fileStorage, log: t.app.log }),
    ).toBeGreaterThanOrEqual(1);
    const [gone] = await t.app.db.select().from(students).where(eq(students.id, visitor.id));
    expect(gone).toBeUndefined();
    const { items } = await listed({ studentId: visitor.id });
    expect(items).toMatchObject([
      {
        action: 'profile.reveal',
        studentId: visitor.id,
        studentName: null,
        staffName: 'Grace Liu',
      },
    ]);
  });

  it('is append-only: the database refuses to update, delete or empty it', async () => {
    const id = await insertRow('2007-07-07T07:07:07.000Z', {
      action: 'student.update',
      details: { from: 'Processing', to: 'Admitted' },
    });
    const refusal = async (change: Promise<unknown>) => {
      const error = await change.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      const cause = (error as Error).cause;
      return cause instanceof Error ? cause.message : (error as Error).message;
    };
    expect(
      await refusal(
        t.app.db.update(auditEvents).set({ details: {} }).where(eq(auditEvents.id, id)),
      ),
    ).toMatch(APPEND_ONLY);
    expect(await refusal(t.app.db.delete(auditEvents).where(eq(auditEvents.id, id)))).toMatch(
      APPEND_ONLY,
    );
    expect(await refusal(t.app.db.execute(sql`truncate table ${auditEvents}`))).toMatch(
      APPEND_ONLY,
    );
    const [row] = await t.app.db.select().from(auditEvents).where(eq(auditEvents.id, id));
    expect(row?.details).toEqual({ from: 'Processing', to: 'Admitted' });
  });
});
