import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  MAX_MOI_VIDEO_BYTES,
  MOI_MESSAGES,
  videoUploadFailedMessage,
} from '../../../../shared/moi.js';
import { readApiError } from '../../../lib/read-api-error.js';
import { startMoiSession } from '../api/start-moi-session.js';
import { submitMoiAnswers } from '../api/submit-moi-answers.js';
import { uploadMoiVideo } from '../api/upload-moi-video.js';
import type { RecordedAnswer } from '../utils/moi-flow.js';

export type SubmitState =
  | { phase: 'idle' }
  /** Uploading answer `index` (0 to 2), `sent` of it so far (0 to 1); then the answers call. */
  | { phase: 'uploading'; index: number; sent: number }
  | { phase: 'finishing' }
  /** `failure` counts failures, so the same message twice is a new alert, announced again. */
  | { phase: 'failed'; message: string; failure: number }
  | { phase: 'submitted' };

/** A failure already put in spec section 8's words. */
class SubmitFailure extends Error {}

/** The server's message for a failed request, or null (a network failure has none). */
const serverMessage = (error: unknown) => readApiError(error)?.message ?? null;

/**
 * 'Submit MOI Interview': the session, then each answer's upload in turn with its progress, then
 * the answers (spec section 7). An answer uploaded once is not sent again: after a failure, the
 * retry sends only what did not arrive, with no re-recording. Re-recording an answer after a
 * failure sends the new one, and the server replaces the old in place. The failures are spec
 * section 8's: 'Video {n} upload failed: {server message or Unknown error}', the answers'
 * message, else 'Failed to submit recordings. Please try again.'
 */
export function useSubmitInterview() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SubmitState>({ phase: 'idle' });
  const sessionId = useRef<string | null>(null);
  const uploaded = useRef(new Map<number, { video: Blob; fileId: string }>());
  const failures = useRef(0);
  const leaving = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => {
      controller.abort();
    };
  }, []);

  const uploadAnswer = async (answer: RecordedAnswer, index: number, session: string) => {
    const done = uploaded.current.get(index);
    if (done?.video === answer.video) return done.fileId;
    if (answer.video.size > MAX_MOI_VIDEO_BYTES) {
      throw new SubmitFailure(videoUploadFailedMessage(index + 1, MOI_MESSAGES.tooLarge));
    }
    setState({ phase: 'uploading', index, sent: 0 });
    try {
      const { fileId } = await uploadMoiVideo({
        sessionId: session,
        videoIndex: index,
        questionId: answer.questionId,
        video: answer.video,
        signal: leaving.current?.signal ?? new AbortController().signal,
        onProgress: (sent) => {
          setState({ phase: 'uploading', index, sent });
        },
      });
      uploaded.current.set(index, { video: answer.video, fileId });
      return fileId;
    } catch (error) {
      throw new SubmitFailure(videoUploadFailedMessage(index + 1, serverMessage(error)));
    }
  };

  const submit = async (answers: readonly RecordedAnswer[]) => {
    try {
      setState({ phase: 'uploading', index: 0, sent: 0 });
      sessionId.current ??= await startMoiSession().then(
        (session) => session.sessionId,
        (error: unknown) => {
          const answer = readApiError(error);
          // A refusal the student can act on (already submitted, not required) is said as it is.
          if (answer && answer.status < 500 && answer.message) {
            throw new SubmitFailure(answer.message);
          }
          throw error;
        },
      );
      const session = sessionId.current;
      const fileIds: string[] = [];
      for (const [index, answer] of answers.entries()) {
        fileIds.push(await uploadAnswer(answer, index, session));
      }
      setState({ phase: 'finishing' });
      await submitMoiAnswers({
        sessionId: session,
        videoData: answers.map((answer, index) => ({
          fileId: fileIds[index] ?? '',
          questionId: answer.questionId,
          questionText: answer.questionText,
          videoIndex: index,
        })),
      }).catch((error: unknown) => {
        throw new SubmitFailure(serverMessage(error) ?? MOI_MESSAGES.answersFailed);
      });
      if (leaving.current?.signal.aborted) return;
      // The dashboard's MOI status has changed: every student's cached record is refetched.
      void queryClient.invalidateQueries({ queryKey: [API_PATHS.applicantData] });
      setState({ phase: 'submitted' });
    } catch (error) {
      if (leaving.current?.signal.aborted) return;
      failures.current += 1;
      setState({
        phase: 'failed',
        message: error instanceof SubmitFailure ? error.message : MOI_MESSAGES.submitFailed,
        failure: failures.current,
      });
    }
  };

  return {
    state,
    submit: (answers: readonly RecordedAnswer[]) => {
      void submit(answers);
    },
    dismiss: () => {
      setState({ phase: 'idle' });
    },
  };
}
