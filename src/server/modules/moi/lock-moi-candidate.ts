import { eq } from 'drizzle-orm';
import { MOI_MESSAGES } from '../../../shared/moi.js';
import type { Database } from '../../db/client.js';
import { schools, students } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';

/**
 * Inside a transaction: locks the student's row until it ends, so starting an interview and
 * submitting one happen one at a time per student, and refuses a student who may not submit:
 * 403 when their school does not ask for the interview, 409 once theirs is submitted. (Face
 * verification is the verified-student scope's to check.)
 */
export async function lockMoiCandidate(tx: Database, studentId: string): Promise<void> {
  const [row] = await tx
    .select({ moiStatus: students.moiStatus, requireMoi: schools.requireMoi })
    .from(students)
    .leftJoin(schools, eq(schools.id, students.schoolId))
    .where(eq(students.id, studentId))
    .for('update', { of: students });
  if (!row?.requireMoi) throw new HttpError(403, MOI_MESSAGES.notRequired);
  if (row.moiStatus === 'Submitted') throw new HttpError(409, MOI_MESSAGES.alreadySubmitted);
}
