import { and, eq, ne } from 'drizzle-orm';
import type { TUserProfile } from '../../../shared/auth.js';
import {
  PENDING_VERIFICATION_RESULT,
  type TCreateVerificationSessionResponse,
} from '../../../shared/identity-verification.js';
import type { Database } from '../../db/client.js';
import { accountRecoveries, identityVerificationSessions, students } from '../../db/schema.js';
import { refreshStudentStages, studentsWithIds } from '../../db/student-stages.js';
import type { IdentityProvider } from '../../integrations/identity-provider.js';
import type { VerificationSubject } from './verification-subject.js';

/**
 * Opens a provider session for the student and stores it, for the subject's check (the student's
 * own, or a recovery's). The new session is the subject's current attempt, so its result goes back
 * to 'pending' until it is decided (an earlier decline must not end the new attempt's polling at
 * once). Throws IdentityProviderError when the provider fails.
 */
export async function createVerificationSession(
  db: Database,
  provider: IdentityProvider,
  student: TUserProfile,
  { subject, callbackUrl }: { subject: VerificationSubject; callbackUrl: string },
): Promise<TCreateVerificationSessionResponse> {
  const opened = await provider.createSession({
    studentId: student.id,
    firstName: student.firstName,
    lastName: student.lastName,
    callbackUrl,
  });
  await db.transaction(async (tx) => {
    await tx.insert(identityVerificationSessions).values({
      studentId: student.id,
      provider: provider.name,
      providerSessionId: opened.providerSessionId,
      sessionUrl: opened.sessionUrl,
      recoveryId: subject.recoveryId,
    });
    if (subject.recoveryId !== null) {
      await tx
        .update(accountRecoveries)
        .set({ verificationResult: PENDING_VERIFICATION_RESULT })
        .where(
          and(
            eq(accountRecoveries.id, subject.recoveryId),
            ne(accountRecoveries.verificationResult, 'approved'),
          ),
        );
      return;
    }
    await tx
      .update(students)
      .set({ verificationResult: PENDING_VERIFICATION_RESULT, updatedAt: new Date() })
      .where(and(eq(students.id, student.id), eq(students.faceVerified, false)));
    await refreshStudentStages(tx, studentsWithIds([student.id]));
  });
  return { sessionUrl: opened.sessionUrl, sessionId: opened.providerSessionId };
}
