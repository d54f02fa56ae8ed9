import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { STORAGE_KEY_COLUMN } from '../../admin/backup/database-catalog.js';

/**
 * Which tables hold a student's rows, read from PostgreSQL's own catalog as the backup reads it
 * (admin/backup/database-catalog.ts), so a table added tomorrow is exported and deleted with the
 * student without anyone listing it here: `students`, and every table whose single-column foreign
 * key, deleting on cascade, points at one of these. Deleting the student's row deletes them all.
 * student-tables.api.test.ts fails on a table with a student_id column that this misses.
 */

/** A foreign key of the app's schema, as the catalog holds it. */
export interface ForeignKey {
  child: string;
  column: string;
  parent: string;
  parentColumn: string;
  /** pg_constraint.confdeltype: 'c' cascade, 'n' set null, 'a' no action, 'r' restrict. */
  onDelete: string;
  /** How many columns the key has: only a one-column key is followed. */
  columns: number;
}

/** A table holding a student's rows, and the foreign key that makes them the student's. */
export interface StudentTable {
  name: string;
  /** Null for `students` itself. */
  via: Pick<ForeignKey, 'column' | 'parent' | 'parentColumn'> | null;
  /** Whether its rows name stored files (a storage_key column, as the backup finds them). */
  holdsFiles: boolean;
}

/** The tables that name a student by id without being the student's data, kept when they go. */
export const KEPT_STUDENT_TABLES: Record<string, string> = {
  audit_events:
    'The audit log outlives the student: its rows name them by id, without a reference.',
};

export async function readForeignKeys(db: Database): Promise<ForeignKey[]> {
  return queryRows<ForeignKey>(
    db,
    sql`select child.relname as child, a.attname as "column", parent.relname as parent,
          pa.attname as "parentColumn", c.confdeltype::text as "onDelete",
          cardinality(c.conkey) as columns
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
        where c.contype = 'f' and n.nspname = 'public'
        order by 1, 2`,
  );
}

/**
 * The student's tables, parents before children (the order their rows are read and locked in):
 * `students`, then breadth first every table a cascading one-column key ties to one of them.
 */
export function studentTablesOf(keys: ForeignKey[], tablesWithFiles: string[]): StudentTable[] {
  const files = new Set(tablesWithFiles);
  const found: StudentTable[] = [
    { name: 'students', via: null, holdsFiles: files.has('students') },
  ];
  for (let i = 0; i < found.length; i += 1) {
    const parent = found[i]?.name;
    for (const key of keys) {
      if (key.parent !== parent || key.onDelete !== 'c' || key.columns !== 1) continue;
      if (found.some((table) => table.name === key.child)) continue;
      const { column, parentColumn } = key;
      found.push({
        name: key.child,
        via: { column, parent, parentColumn },
        holdsFiles: files.has(key.child),
      });
    }
  }
  return found;
}

/** The student's tables in this database. */
export async function studentTables(db: Database): Promise<StudentTable[]> {
  const withFiles = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.columns
        where table_schema = 'public' and column_name = ${STORAGE_KEY_COLUMN}`,
  );
  return studentTablesOf(
    await readForeignKeys(db),
    withFiles.map((row) => row.name),
  );
}

/**
 * Which rows of `table` are the student's: a condition on the table's own name, each step up its
 * keys a subquery of the parent's rows (every name from the catalog, the id bound).
 */
export function studentRowsOf(tables: StudentTable[], table: StudentTable, studentId: string): SQL {
  const { via } = table;
  if (!via) return sql`${sql.identifier(table.name)}.id = ${studentId}`;
  const column = sql`${sql.identifier(table.name)}.${sql.identifier(via.column)}`;
  if (via.parent === 'students' && via.parentColumn === 'id') return sql`${column} = ${studentId}`;
  const parent = tables.find((t) => t.name === via.parent);
  if (!parent) throw new Error(`${table.name} refers to ${via.parent}, which is not the student's`);
  return sql`${column} in (select ${sql.identifier(via.parent)}.${sql.identifier(via.parentColumn)}
    from ${sql.identifier(via.parent)} where ${studentRowsOf(tables, parent, studentId)})`;
}
