import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TStudentDeleted } from '../../../shared/student-data.js';
import { STORAGE_KEY_COLUMN } from '../../admin/backup/database-catalog.js';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { students } from '../../db/schema.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { lockConfirmedStudent } from './confirmed-student.js';
import { studentRowsOf, studentTables } from './student-tables.js';

/**
 * Deletes a student with every row of theirs and their stored files, on their request. In one
 * transaction: the student locked in the caller's scope and their name confirmed, each table's
 * rows of theirs locked parents first (an upload holds its parent's lock, so one under way either
 * committed before and its file is listed here, or finds its student gone), their storage keys
 * read, the student's row deleted (every table of theirs cascades from it), and the audit row
 * written, naming the student by id only with how many rows of which table went. The audit log
 * keeps its rows about the student: it has no reference to them. The files are removed once the
 * rows are gone; one whose removal fails is logged for the operator and is reachable from no row.
 */
export async function deleteStudentData(
  deps: { db: Database; storage: FileStorage; log: FastifyBaseLogger },
  caller: StaffCaller,
  by: AuditActorRef,
  request: { studentId: string; confirmName: string },
): Promise<TStudentDeleted> {
  const { rows, storageKeys } = await deps.db.transaction(async (tx) => {
    const studentId = await lockConfirmedStudent(tx, caller, request);
    const tables = await studentTables(tx);
    const counts: Record<string, number> = {};
    const keys: string[] = [];
    for (const table of tables) {
      const name = sql.identifier(table.name);
      const file = table.holdsFiles
        ? sql`${name}.${sql.identifier(STORAGE_KEY_COLUMN)}`
        : sql`null`;
      const locked = await queryRows<{ key: string | null }>(
        tx,
        sql`select ${file} as key from ${name}
            where ${studentRowsOf(tables, table, studentId)} for update`,
      );
      if (locked.length > 0) counts[table.name] = locked.length;
      for (const { key } of locked) if (key !== null) keys.push(key);
    }
    await tx.delete(students).where(eq(students.id, studentId));
    await recordAuditEvent(tx, by, {
      action: 'student.delete',
      studentId,
      details: { rows: counts, files: keys.length },
    });
    return { rows: counts, storageKeys: keys };
  });
  for (const key of storageKeys) {
    try {
      await deps.storage.remove(key);
    } catch (error) {
      deps.log.warn({ err: error, storageKey: key }, "could not remove a deleted student's file");
    }
  }
  return {
    rows: Object.values(rows).reduce((sum, n) => sum + n, 0),
    files: storageKeys.length,
  };
}
