import { and, eq } from 'drizzle-orm';
import {
  type TStaffRecordVersion,
  VERSION_REQUIRED,
  versionOfTag,
} from '../../../shared/staff-student-changes.js';
import type { Database } from '../../db/client.js';
import { students } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { AuditActorRef } from '../audit/record-audit-event.js';
import {
  isStudentId,
  STUDENT_NOT_FOUND,
  studentsInScope,
} from '../staff-auth/students-in-scope.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { changeStudentRecord, type StudentRecordChange } from './change-student-record.js';
import { staleRecordMessage } from './stale-record.js';

export interface RecordChangeRequest {
  caller: StaffCaller;
  by: AuditActorRef;
  studentId: string;
  /** The request's If-Match: the version of the record the change was made on. */
  ifMatch: string | undefined;
}

/** The version a change names, or a 428 that asks for it: checked before anything is read. */
export function requireVersion(ifMatch: string | undefined): number {
  const version = versionOfTag(ifMatch);
  if (version === null) throw new HttpError(428, VERSION_REQUIRED);
  return version;
}

/**
 * A console change to a student's record: the student locked in the caller's scope (404
 * outside it), the version the change was made on checked (428 without one, 409 with who made
 * the newer one), then written with its audit row in one transaction. A change given as a
 * function is made in that transaction once the version holds (it may write rows of its own).
 */
export async function saveRecordChange(
  db: Database,
  { caller, by, studentId, ifMatch }: RecordChangeRequest,
  change: StudentRecordChange | ((tx: Database) => Promise<StudentRecordChange>),
): Promise<TStaffRecordVersion> {
  const expected = requireVersion(ifMatch);
  if (!isStudentId(studentId)) throw new HttpError(404, STUDENT_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ version: students.recordVersion })
      .from(students)
      .where(and(eq(students.id, studentId), studentsInScope(caller)))
      .for('update');
    if (!current) throw new HttpError(404, STUDENT_NOT_FOUND);
    if (current.version !== expected)
      throw new HttpError(409, await staleRecordMessage(tx, studentId, current.version));
    const { version } = await changeStudentRecord(
      tx,
      by,
      { id: studentId, describedAs: 'This student' },
      typeof change === 'function' ? await change(tx) : change,
    );
    return { version };
  });
}
