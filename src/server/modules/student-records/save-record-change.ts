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

/**
 * A console change to a student's record: the student locked in the caller's scope (404
 * outside it), the version the change was made on checked (428 without one, 409 with who made
 * the newer one), then written with its audit row in one transaction.
 */
export async function saveRecordChange(
  db: Database,
  { caller, by, studentId, ifMatch }: RecordChangeRequest,
  change: StudentRecordChange,
): Promise<TStaffRecordVersion> {
  const expected = versionOfTag(ifMatch);
  if (expected === null) throw new HttpError(428, VERSION_REQUIRED);
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
      change,
    );
    return { version };
  });
}
