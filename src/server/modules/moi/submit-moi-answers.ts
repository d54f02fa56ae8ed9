import { and, eq } from 'drizzle-orm';
import {
  MOI_MESSAGES,
  type TMoiAnswersRequest,
  type TMoiSubmissionResponse,
} from '../../../shared/moi.js';
import type { Database } from '../../db/client.js';
import { moiSessions, moiVideos, students } from '../../db/schema.js';
import { refreshStudentStages, studentsWithIds } from '../../db/student-stages.js';
import { HttpError } from '../../lib/http-error.js';
import { lockMoiCandidate } from './lock-moi-candidate.js';

/**
 * Submits the student's interview: the three answers must be the recordings uploaded into their
 * own open session, each at its place and for its question. The session closes and the student's
 * MOI status becomes 'Submitted' in the same transaction, so the dashboard shows it at once and a
 * second submission is refused. The question texts sent are not kept: the server has its own.
 */
export async function submitMoiAnswers(
  db: Database,
  studentId: string,
  { sessionId, videoData }: TMoiAnswersRequest,
): Promise<TMoiSubmissionResponse> {
  return db.transaction(async (tx) => {
    await lockMoiCandidate(tx, studentId);
    const [session] = await tx
      .select({ status: moiSessions.status })
      .from(moiSessions)
      .where(and(eq(moiSessions.id, sessionId), eq(moiSessions.studentId, studentId)))
      .for('update');
    if (!session) throw new HttpError(404, MOI_MESSAGES.sessionNotFound);
    if (session.status !== 'recording') throw new HttpError(409, MOI_MESSAGES.alreadySubmitted);

    const uploaded = await tx
      .select({
        id: moiVideos.id,
        videoIndex: moiVideos.videoIndex,
        questionId: moiVideos.questionId,
      })
      .from(moiVideos)
      .where(eq(moiVideos.sessionId, sessionId));
    for (const answer of videoData) {
      // Another session's file, another student's, or none: all look the same from here.
      const video = uploaded.find((v) => v.id === answer.fileId);
      if (!video) throw new HttpError(404, MOI_MESSAGES.recordingNotFound);
      if (video.videoIndex !== answer.videoIndex || video.questionId !== answer.questionId) {
        throw new HttpError(400, MOI_MESSAGES.answerMismatch);
      }
    }

    const submittedAt = new Date();
    await tx
      .update(moiSessions)
      .set({ status: 'submitted', submittedAt })
      .where(eq(moiSessions.id, sessionId));
    await tx
      .update(students)
      .set({ moiStatus: 'Submitted', updatedAt: submittedAt })
      .where(eq(students.id, studentId));
    await refreshStudentStages(tx, studentsWithIds([studentId]));
    return { sessionId, moiStatus: 'Submitted', submittedAt: submittedAt.toISOString() };
  });
}
