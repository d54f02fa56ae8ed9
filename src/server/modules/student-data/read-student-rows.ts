import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { type DataKeys, decryptField } from '../../lib/crypto.js';
import { studentRowsOf, type StudentTable } from './student-tables.js';

/** A column sealed with DATA_KEY ends so (admin/data-key/keyed-columns.ts lists each one). */
const SEALED_SUFFIX = '_encrypted';
/** A keyed hash for lookups ends so: it says nothing to the student and helps a guesser. */
const HASH_SUFFIX = '_hash';

export type StudentRow = Record<string, unknown>;

/**
 * A row as the student receives it: each sealed value opened under its name without the suffix,
 * each lookup hash left out, the rest as PostgreSQL writes it in JSON.
 */
export function rowForStudent(keys: DataKeys, row: StudentRow): StudentRow {
  const out: StudentRow = {};
  for (const [column, value] of Object.entries(row)) {
    if (column.endsWith(HASH_SUFFIX)) continue;
    if (column.endsWith(SEALED_SUFFIX)) {
      const name = column.slice(0, -SEALED_SUFFIX.length);
      out[name] = typeof value === 'string' ? decryptField(keys, value) : value;
    } else {
      out[column] = value;
    }
  }
  return out;
}

/**
 * The student's rows of one table as stored (`db` may be the transaction that locked the
 * student), in a stable order, each row the table's own JSON (to_jsonb: every column, whatever
 * the schema adds).
 */
export async function readStudentRows(
  db: Database,
  tables: StudentTable[],
  table: StudentTable,
  studentId: string,
): Promise<StudentRow[]> {
  const name = sql.identifier(table.name);
  const rows = await queryRows<{ row: StudentRow }>(
    db,
    sql`select to_jsonb(${name}) as row from ${name}
        where ${studentRowsOf(tables, table, studentId)} order by to_jsonb(${name})::text`,
  );
  return rows.map((r) => r.row);
}
