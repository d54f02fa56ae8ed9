import { CircleAlert, CircleCheck, Download, RotateCcw, Send } from 'lucide-react';
import { useState, type Ref } from 'react';
import { MOI_QUESTION_COUNT } from '../../../../shared/moi.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { Progress } from '../../../components/ui/progress.js';
import type { SubmitState } from '../hooks/use-submit-interview.js';
import type { RecordedAnswer } from '../utils/moi-flow.js';
import { StartOverDialog } from './start-over-dialog.js';

/**
 * What a screen reader hears while submitting: each answer's start, every quarter of its bytes
 * (not every percent, which would drown everything else), then the submission itself. A failure
 * is an alert of its own.
 */
function announcementOf(state: SubmitState): string {
  switch (state.phase) {
    case 'uploading': {
      const answer = `answer ${state.index + 1} of ${MOI_QUESTION_COUNT}`;
      const quarter = Math.floor(state.sent * 4) * 25;
      return quarter === 0 ? `Uploading ${answer}…` : `Uploading ${answer}: ${quarter}% sent.`;
    }
    case 'finishing':
      return 'Submitting your interview…';
    case 'submitted':
      return 'Your MOI interview was submitted.';
    default:
      return '';
  }
}

/** Where one answer's upload stands, as the list shows it. */
function uploadOf(state: SubmitState, index: number): 'waiting' | 'uploading' | 'uploaded' {
  if (state.phase === 'finishing' || state.phase === 'submitted') return 'uploaded';
  if (state.phase !== 'uploading') return 'waiting';
  if (index < state.index) return 'uploaded';
  return index === state.index ? 'uploading' : 'waiting';
}

/**
 * Spec section 2's review: each answer to watch, download or record again; 'Start Over'; and
 * 'Submit MOI Interview', which uploads the answers one by one with their progress. A failure is
 * shown as 'Submission Failed' with 'Try Again' (only what did not arrive is sent again) and
 * 'Dismiss'.
 */
export function ReviewPhase({
  answers,
  submission,
  headingRef,
  onRerecord,
  onStartOver,
  onSubmit,
  onDismiss,
}: {
  answers: readonly RecordedAnswer[];
  submission: SubmitState;
  headingRef: Ref<HTMLHeadingElement>;
  onRerecord: (index: number) => void;
  onStartOver: () => void;
  onSubmit: () => void;
  onDismiss: () => void;
}) {
  const [confirmingStartOver, setConfirmingStartOver] = useState(false);
  const busy =
    submission.phase === 'uploading' ||
    submission.phase === 'finishing' ||
    submission.phase === 'submitted';

  return (
    <Card className="gap-6 p-4 sm:p-6">
      <CardHeader>
        <CardTitle ref={headingRef} tabIndex={-1} className="outline-none">
          Review Your Answers
        </CardTitle>
        <CardDescription>
          Watch each answer. Record any of them again if you want to, then submit all three to your
          school.
        </CardDescription>
      </CardHeader>

      <ol aria-label="Your answers" className="flex flex-col gap-6">
        {answers.map((answer, index) => {
          const upload = uploadOf(submission, index);
          const n = index + 1;
          return (
            <li
              key={answer.url}
              className="flex flex-col gap-3 border-t border-border pt-5 first:border-t-0 first:pt-0"
            >
              <div>
                <h3 className="text-base font-semibold">Question {n}</h3>
                <p className="text-sm text-muted-foreground">{answer.questionText}</p>
              </div>
              <video
                src={answer.url}
                controls
                playsInline
                preload="metadata"
                aria-label={`Your answer to question ${n}`}
                className="aspect-[4/3] w-full max-w-md rounded-xl bg-slate-900"
              />
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <a
                    href={answer.url}
                    download={`moi-answer-${n}.webm`}
                    aria-label={`Download answer ${n}`}
                  >
                    <Download aria-hidden="true" />
                    Download
                  </a>
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={`Re-record answer ${n}`}
                  onClick={() => {
                    onRerecord(index);
                  }}
                >
                  <RotateCcw aria-hidden="true" />
                  Re-record
                </Button>
              </div>
              {upload === 'uploading' && submission.phase === 'uploading' ? (
                <div className="flex flex-col gap-1.5">
                  <div className="flex justify-between text-sm">
                    <span>Uploading</span>
                    <span aria-hidden="true" className="font-semibold">
                      {Math.round(submission.sent * 100)}%
                    </span>
                  </div>
                  <Progress
                    value={Math.round(submission.sent * 100)}
                    aria-label={`Uploading answer ${n}`}
                  />
                </div>
              ) : null}
              {upload === 'uploaded' ? (
                <p className="flex items-center gap-2 text-sm font-medium text-green-800">
                  <CircleCheck className="size-4" aria-hidden="true" />
                  Uploaded
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>

      <p role="status" className="sr-only">
        {announcementOf(submission)}
      </p>

      {submission.phase === 'failed' ? (
        <Alert key={submission.failure} variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Submission Failed</AlertTitle>
          <AlertDescription className="flex flex-col gap-3">
            <p>{submission.message}</p>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={onSubmit}>
                Try Again
              </Button>
              <Button type="button" variant="ghost" size="sm" onClick={onDismiss}>
                Dismiss
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : null}

      <Button
        type="button"
        size="lg"
        // Not `disabled`: the button keeps the keyboard focus while the answers upload.
        aria-disabled={busy}
        aria-busy={submission.phase === 'uploading' || submission.phase === 'finishing'}
        className="w-full aria-disabled:opacity-60 sm:w-fit"
        onClick={() => {
          if (!busy) onSubmit();
        }}
      >
        <Send aria-hidden="true" />
        {busy && submission.phase !== 'submitted' ? 'Submitting…' : 'Submit MOI Interview'}
      </Button>

      {/* Apart from Submit and quiet: it throws away all three answers (asked first). */}
      <div className="mt-4 flex flex-col items-start gap-1 border-t border-border pt-5">
        <p className="text-sm text-muted-foreground">
          Not happy with your answers? You can record all three again.
        </p>
        <Button
          type="button"
          variant="link"
          className="-ml-4"
          disabled={busy}
          onClick={() => {
            setConfirmingStartOver(true);
          }}
        >
          <RotateCcw aria-hidden="true" />
          Start Over
        </Button>
      </div>

      {confirmingStartOver ? (
        <StartOverDialog
          onCancel={() => {
            setConfirmingStartOver(false);
          }}
          onConfirm={() => {
            setConfirmingStartOver(false);
            onStartOver();
          }}
        />
      ) : null}
    </Card>
  );
}
