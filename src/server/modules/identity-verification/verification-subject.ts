import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import {
  PENDING_VERIFICATION_RESULT,
  type TVerificationResult,
} from '../../../shared/identity-verification.js';
import type { Database } from '../../db/client.js';
import { accountRecoveries, identityVerificationSessions, students } from '../../db/schema.js';
import { refreshStudentStages, studentsWithIds } from '../../db/student-stages.js';
import type { SessionClaims } from '../auth/session-claims.js';

/**
 * Whose identity check a session runs: the student's own (onboarding), or an account recovery's,
 * which proves the student afresh without touching their own verification: a stranger who knows
 * a passport number and a birth date must not be able to undo a student's check by failing one
 * (docs/decisions/022).
 */
export interface VerificationSubject {
  studentId: string;
  /** The recovery whose check this is; null for the student's own. */
  recoveryId: string | null;
}

export const verificationSubjectOf = (session: SessionClaims): VerificationSubject => ({
  studentId: session.studentId,
  recoveryId: session.scope === 'recovery' ? session.recoveryId : null,
});

/** The subject's attempts: its provider sessions that a newer invite did not supersede. */
export const attemptsOf = (subject: VerificationSubject): SQL | undefined =>
  and(
    eq(identityVerificationSessions.studentId, subject.studentId),
    isNull(identityVerificationSessions.supersededAt),
    subject.recoveryId === null
      ? isNull(identityVerificationSessions.recoveryId)
      : eq(identityVerificationSessions.recoveryId, subject.recoveryId),
  );

export interface SubjectVerification {
  faceVerified: boolean;
  verificationResult: TVerificationResult;
}

/** Where the subject's verification stands: the student's columns, or the recovery's result. */
export async function readSubjectVerification(
  db: Database,
  subject: VerificationSubject,
): Promise<SubjectVerification | null> {
  if (subject.recoveryId === null) {
    const [student] = await db
      .select({
        faceVerified: students.faceVerified,
        verificationResult: students.verificationResult,
      })
      .from(students)
      .where(eq(students.id, subject.studentId))
      .limit(1);
    return student ?? null;
  }
  const [recovery] = await db
    .select({ verificationResult: accountRecoveries.verificationResult })
    .from(accountRecoveries)
    .where(
      and(
        eq(accountRecoveries.id, subject.recoveryId),
        eq(accountRecoveries.studentId, subject.studentId),
      ),
    )
    .limit(1);
  return recovery
    ? {
        faceVerified: recovery.verificationResult === 'approved',
        verificationResult: recovery.verificationResult,
      }
    : null;
}

/**
 * Sets the subject's verification from its current attempt: the session it opened last.
 * Deriving it (instead of writing each decision onto the student) makes a late decision for an
 * older session, or a replay, unable to undo what the current attempt says. Sessions a newer
 * invite superseded never count: until the student opens a new one, their reset verification
 * stands. A recovery's result is the recovery's alone.
 */
export async function refreshSubjectVerification(
  db: Database,
  subject: VerificationSubject,
): Promise<void> {
  const [current] = await db
    .select({ resultCode: identityVerificationSessions.resultCode })
    .from(identityVerificationSessions)
    .where(attemptsOf(subject))
    .orderBy(desc(identityVerificationSessions.createdAt), desc(identityVerificationSessions.id))
    .limit(1);
  if (!current) return;
  const result = current.resultCode ?? PENDING_VERIFICATION_RESULT;
  if (subject.recoveryId !== null) {
    await db
      .update(accountRecoveries)
      .set({ verificationResult: result })
      .where(eq(accountRecoveries.id, subject.recoveryId));
    return;
  }
  await db
    .update(students)
    .set({ faceVerified: result === 'approved', verificationResult: result, updatedAt: new Date() })
    .where(eq(students.id, subject.studentId));
  await refreshStudentStages(db, studentsWithIds([subject.studentId]));
}
