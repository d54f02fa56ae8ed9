import { desc } from 'drizzle-orm';
import type {
  TVerificationStatus,
  TVerificationStatusResponse,
} from '../../../shared/identity-verification.js';
import type { Database } from '../../db/client.js';
import { identityVerificationSessions } from '../../db/schema.js';
import {
  attemptsOf,
  readSubjectVerification,
  type VerificationSubject,
} from './verification-subject.js';

/** Provider statuses the page knows by name; any other decided status reads as 'error'. */
const DECIDED_STATUSES: readonly TVerificationStatus[] = [
  'declined',
  'resubmission_requested',
  'expired',
  'abandoned',
];

function statusOf(session: { status: string; resultCode: string | null }): TVerificationStatus {
  if (session.resultCode === null) return 'pending';
  if (session.resultCode === 'approved') return 'approved';
  // The provider approved another document than the passport on file: to the student, declined.
  if (session.resultCode === 'approved_passport_mismatch') return 'declined';
  return DECIDED_STATUSES.find((s) => s === session.status) ?? 'error';
}

/**
 * The subject's identity check as the verification page polls it: its current attempt (a
 * session a newer invite superseded is not one).
 */
export async function readVerificationStatus(
  db: Database,
  subject: VerificationSubject,
): Promise<TVerificationStatusResponse | null> {
  const student = await readSubjectVerification(db, subject);
  if (!student) return null;
  const [session] = await db
    .select({
      status: identityVerificationSessions.status,
      resultCode: identityVerificationSessions.resultCode,
      reason: identityVerificationSessions.reason,
    })
    .from(identityVerificationSessions)
    .where(attemptsOf(subject))
    .orderBy(desc(identityVerificationSessions.createdAt), desc(identityVerificationSessions.id))
    .limit(1);

  if (student.faceVerified) return { ...student, status: 'approved', reason: null };
  if (!session) return { ...student, status: 'not_started', reason: null };
  return { ...student, status: statusOf(session), reason: session.reason };
}
