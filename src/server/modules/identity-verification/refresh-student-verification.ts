import { and, desc, eq, isNull } from 'drizzle-orm';
import { PENDING_VERIFICATION_RESULT } from '../../../shared/identity-verification.js';
import type { Database } from '../../db/client.js';
import { identityVerificationSessions, students } from '../../db/schema.js';
import { refreshStudentStages, studentsWithIds } from '../../db/student-stages.js';

/**
 * Sets the student's faceVerified and verificationResult from their current attempt: the session
 * they opened last. Deriving it (instead of writing each decision onto the student) makes a late
 * decision for an older session, or a replay, unable to undo what the current attempt says.
 * Sessions a recovery superseded never count: until the student opens a new one, their reset
 * verification stands.
 */
export async function refreshStudentVerification(db: Database, studentId: string): Promise<void> {
  const [current] = await db
    .select({ resultCode: identityVerificationSessions.resultCode })
    .from(identityVerificationSessions)
    .where(
      and(
        eq(identityVerificationSessions.studentId, studentId),
        isNull(identityVerificationSessions.supersededAt),
      ),
    )
    .orderBy(desc(identityVerificationSessions.createdAt), desc(identityVerificationSessions.id))
    .limit(1);
  if (!current) return;
  const result = current.resultCode ?? PENDING_VERIFICATION_RESULT;
  await db
    .update(students)
    .set({ faceVerified: result === 'approved', verificationResult: result, updatedAt: new Date() })
    .where(eq(students.id, studentId));
  await refreshStudentStages(db, studentsWithIds([studentId]));
}
