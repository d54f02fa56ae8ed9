import { ArrowRight, CircleAlert, RotateCcw, Settings2, Square, Video } from 'lucide-react';
import { useEffect, useRef, useState, type ActionDispatch, type Ref } from 'react';
import { MOI_MESSAGES, MOI_QUESTION_COUNT, type TMoiQuestion } from '../../../../shared/moi.js';
import { Alert, AlertDescription } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { useAnswerRecorder } from '../hooks/use-answer-recorder.js';
import type { MoiFlowAction, MoiFlowState } from '../utils/moi-flow.js';
import { AnswerTimer } from './answer-timer.js';
import { CameraPreview } from './camera-preview.js';

/** The button that keeps a take: on to the next question, to review, or back to review. */
function keepLabel(flow: MoiFlowState): string {
  if (flow.rerecording) return 'Save Answer';
  return flow.index < MOI_QUESTION_COUNT - 1 ? 'Next Question' : 'Review Answers';
}

/**
 * Spec section 2's recording: one question at a time, Start/Stop Recording with the 90-second
 * countdown, then the take to watch and keep ('Next Question') or record again; 'Change
 * Audio/Video Settings' goes back to setup and throws away a take not kept, asked first when
 * there is one (recorded, or being recorded).
 */
export function RecordingPhase({
  flow,
  dispatch,
  questions,
  stream,
  mimeType,
  headingRef,
}: {
  flow: MoiFlowState;
  dispatch: ActionDispatch<[MoiFlowAction]>;
  /** null while they load. */
  questions: readonly TMoiQuestion[] | null;
  stream: MediaStream | null;
  mimeType: string | null;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const question = questions?.[flow.index];
  const keepRef = useRef<HTMLButtonElement>(null);
  const recorder = useAnswerRecorder(stream, mimeType, (video) => {
    if (!question) return;
    dispatch({
      type: 'takeRecorded',
      answer: {
        questionId: question.id,
        questionText: question.text,
        video,
        url: URL.createObjectURL(video),
      },
    });
  });
  const take = flow.take;
  const [confirmingSettings, setConfirmingSettings] = useState(false);

  function changeSettings() {
    setConfirmingSettings(false);
    recorder.discard();
    dispatch({ type: 'changeSettings' });
  }

  // The Stop button is gone once the take is in: the keyboard goes on from the button that keeps it.
  useEffect(() => {
    if (take) keepRef.current?.focus();
  }, [take]);

  if (questions === null) {
    return (
      <Card className="gap-5 p-4 sm:p-6">
        <LoadingStatus>Loading questions…</LoadingStatus>
      </Card>
    );
  }
  if (!question) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>{MOI_MESSAGES.questionsUnavailable}</AlertDescription>
      </Alert>
    );
  }

  return (
    <Card className="gap-5 p-4 sm:p-6">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-semibold text-primary">
          Question {flow.index + 1} of {MOI_QUESTION_COUNT}
        </p>
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="text-lg leading-snug font-semibold text-balance outline-none sm:text-xl"
        >
          {question.text}
        </h2>
      </div>

      {take ? (
        <video
          key={take.url}
          src={take.url}
          controls
          playsInline
          preload="metadata"
          aria-label={`Your answer to question ${flow.index + 1}`}
          className="aspect-[4/3] w-full rounded-xl bg-slate-900"
        />
      ) : (
        <>
          <CameraPreview stream={stream} recording={recorder.recording} />
          <AnswerTimer elapsedMs={recorder.elapsedMs} recording={recorder.recording} />
        </>
      )}

      <p role="status" aria-live="polite" className="sr-only">
        {take
          ? `${recorder.limitReached ? 'Time is up. Recording stopped. ' : ''}Your answer was recorded. Watch it, record it again, or continue.`
          : ''}
      </p>

      {recorder.error ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{recorder.error}</AlertDescription>
        </Alert>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {take ? (
          <>
            <Button
              ref={keepRef}
              type="button"
              onClick={() => {
                dispatch({ type: 'keepTake' });
              }}
            >
              {keepLabel(flow)}
              <ArrowRight aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                dispatch({ type: 'discardTake' });
              }}
            >
              <RotateCcw aria-hidden="true" />
              Record Again
            </Button>
          </>
        ) : (
          // One button for both, so the keyboard focus stays on it from Start to Stop.
          <Button
            type="button"
            variant={recorder.recording ? 'destructive' : 'default'}
            disabled={!recorder.recording && (stream === null || mimeType === null)}
            onClick={recorder.recording ? recorder.stop : recorder.start}
          >
            {recorder.recording ? (
              <Square aria-hidden="true" className="fill-current" />
            ) : (
              <Video aria-hidden="true" />
            )}
            {recorder.recording ? 'Stop Recording' : 'Start Recording'}
          </Button>
        )}
        {flow.rerecording && !recorder.recording ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              dispatch({ type: 'cancelRerecord' });
            }}
          >
            Back to Review
          </Button>
        ) : null}
        <Button
          type="button"
          variant="ghost"
          className="sm:ml-auto"
          onClick={() => {
            if (take || recorder.recording) setConfirmingSettings(true);
            else changeSettings();
          }}
        >
          <Settings2 aria-hidden="true" />
          Change Audio/Video Settings
        </Button>
      </div>

      {confirmingSettings ? (
        <ConfirmDialog
          title="Delete this answer?"
          description="Changing the camera or microphone deletes the answer to this question. Your other answers are kept."
          cancelLabel="Keep This Answer"
          confirmLabel="Delete and Change Settings"
          onConfirm={changeSettings}
          onCancel={() => {
            setConfirmingSettings(false);
          }}
        />
      ) : null}
    </Card>
  );
}
