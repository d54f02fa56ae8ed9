import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import {
  KEPT_STUDENT_TABLES,
  readForeignKeys,
  studentTables,
  studentTablesOf,
} from './student-tables.js';

describe.each(testDatabaseKinds())("the tables of a student's data ($name)", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  /** The tables with a student_id column that an export and a deletion would miss. */
  const missedTables = async () => {
    const named = await queryRows<{ name: string }>(
      t.app.db,
      sql`select table_name as name from information_schema.columns
          where table_schema = 'public' and column_name = 'student_id' order by 1`,
    );
    const covered = new Set((await studentTables(t.app.db)).map((table) => table.name));
    return named
      .map((row) => row.name)
      .filter((name) => !covered.has(name) && !(name in KEPT_STUDENT_TABLES));
  };

  it('cover every table with a student_id column, but the audit log, which outlives the student', async () => {
    expect(await missedTables(), 'tables naming a student that would be missed').toEqual([]);
    const covered = (await studentTables(t.app.db)).map((table) => table.name);
    // The tables reached only through another (a recording through its interview) are covered too.
    expect(covered).toEqual(
      expect.arrayContaining(['students', 'moi_videos', 'identity_verification_events']),
    );
    expect(covered.filter((name) => name in KEPT_STUDENT_TABLES)).toEqual([]);
    // A table added without a cascading reference to the student is caught.
    await t.app.db.execute(sql`create table stray_notes (student_id uuid)`);
    try {
      expect(await missedTables()).toEqual(['stray_notes']);
    } finally {
      await t.app.db.execute(sql`drop table stray_notes`);
    }
  });

  it('leave no table referring to a student’s rows in a way that would block their deletion', async () => {
    const keys = await readForeignKeys(t.app.db);
    const covered = new Set((await studentTables(t.app.db)).map((table) => table.name));
    const blocking = keys
      .filter((key) => covered.has(key.parent) && !covered.has(key.child))
      .filter((key) => key.onDelete !== 'c' && key.onDelete !== 'n')
      .map((key) => `${key.child}.${key.column} -> ${key.parent}`);
    expect(blocking).toEqual([]);
  });

  it('follow only one-column keys that delete on cascade, each table once', () => {
    const key = (child: string, parent: string, onDelete = 'c', columns = 1) => ({
      child,
      column: `${parent}_id`,
      parent,
      parentColumn: 'id',
      onDelete,
      columns,
    });
    const tables = studentTablesOf(
      [
        key('sessions', 'students'),
        key('videos', 'sessions'),
        key('videos', 'students'),
        key('loose', 'students', 'n'),
        key('pairs', 'students', 'c', 2),
        key('schools', 'other'),
      ],
      ['videos'],
    );
    expect(
      tables.map((table) => [table.name, table.via?.parent ?? null, table.holdsFiles]),
    ).toEqual([
      ['students', null, false],
      ['sessions', 'students', false],
      ['videos', 'students', true],
    ]);
  });
});
