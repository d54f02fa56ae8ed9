import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { identityVerificationSessions } from '../../db/schema.js';

/** What a provider's delivery (a decision or a progress event) says about its session. */
interface DeliveryAbout {
  providerSessionId: string;
  vendorData: string | null;
}

export interface DeliverySession {
  id: string;
  studentId: string;
  /** The account recovery the session's check is for; null for the student's own check. */
  recoveryId: string | null;
}

/**
 * The session a provider's delivery is about, or why it cannot be: no session of this provider
 * has that id (unknown_session), or the delivery names another student than the session's
 * (other_student). vendorData is the student id the session was opened for: a delivery about
 * anyone else is not this student's, whatever session id it carries.
 */
export async function findDeliverySession(
  db: Database,
  provider: string,
  about: DeliveryAbout,
): Promise<DeliverySession | 'unknown_session' | 'other_student'> {
  const [session] = await db
    .select({
      id: identityVerificationSessions.id,
      studentId: identityVerificationSessions.studentId,
      recoveryId: identityVerificationSessions.recoveryId,
    })
    .from(identityVerificationSessions)
    .where(
      and(
        eq(identityVerificationSessions.provider, provider),
        eq(identityVerificationSessions.providerSessionId, about.providerSessionId),
      ),
    )
    .limit(1);
  if (!session) return 'unknown_session';
  if (about.vendorData !== null && about.vendorData !== session.studentId) return 'other_student';
  return session;
}
