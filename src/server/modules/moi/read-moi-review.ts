import { and, desc, eq } from 'drizzle-orm';
import type { TMoiReviewResponse } from '../../../shared/moi.js';
import type { Database } from '../../db/client.js';
import { moiSessions } from '../../db/schema.js';

/**
 * The school's word on the student's latest submitted interview, as far as the student must act
 * on it: the reason of a retake it asked for. Once they submit again, the newer submission is
 * the latest and the reason goes.
 */
export async function readMoiReview(db: Database, studentId: string): Promise<TMoiReviewResponse> {
  const [latest] = await db
    .select({ result: moiSessions.reviewResult, reason: moiSessions.reviewReason })
    .from(moiSessions)
    .where(and(eq(moiSessions.studentId, studentId), eq(moiSessions.status, 'submitted')))
    .orderBy(desc(moiSessions.submittedAt))
    .limit(1);
  return { retakeReason: latest?.result === 'failed' ? latest.reason : null };
}
