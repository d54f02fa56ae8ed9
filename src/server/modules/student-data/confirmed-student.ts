import { and, eq } from 'drizzle-orm';
import { CONFIRM_NAME_MISMATCH, confirmsStudentName } from '../../../shared/student-data.js';
import type { Database } from '../../db/client.js';
import { students } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import {
  isStudentId,
  STUDENT_NOT_FOUND,
  studentsInScope,
} from '../staff-auth/students-in-scope.js';

/**
 * The student an export or a deletion acts on, locked in the caller's transaction: a 404 outside
 * the caller's scope, a 400 when the name typed to confirm is not theirs (case and spaces aside).
 */
export async function lockConfirmedStudent(
  tx: Database,
  caller: StaffCaller,
  { studentId, confirmName }: { studentId: string; confirmName: string },
): Promise<string> {
  if (!isStudentId(studentId)) throw new HttpError(404, STUDENT_NOT_FOUND);
  const [student] = await tx
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(and(eq(students.id, studentId), studentsInScope(caller)))
    .for('update');
  if (!student) throw new HttpError(404, STUDENT_NOT_FOUND);
  if (!confirmsStudentName(confirmName, student)) throw new HttpError(400, CONFIRM_NAME_MISMATCH);
  return student.id;
}
