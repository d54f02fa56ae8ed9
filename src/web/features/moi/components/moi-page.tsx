import { X } from 'lucide-react';
import { useEffect, useRef, useState, type ActionDispatch } from 'react';
import { Link, useNavigate } from 'react-router';
import { PortalLayout } from '../../../components/layouts/portal-layout.js';
import { LeaveGuard } from '../../../components/leave-guard.js';
import { Button } from '../../../components/ui/button.js';
import { PageLoading } from '../../../components/page-loading.js';
import { paths } from '../../../config/paths.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { useMoiRetakeReason } from '../../../hooks/use-moi-retake-reason.js';
import { useAuth } from '../../../lib/auth.js';
import { OWN_BOTTOM_CONTROLS } from '../../../lib/own-bottom-controls.js';
import { useInterviewQuestions } from '../api/get-moi-questions.js';
import { useMediaAccess } from '../hooks/use-media-access.js';
import { useMoiFlow } from '../hooks/use-moi-flow.js';
import { useSubmitInterview } from '../hooks/use-submit-interview.js';
import {
  completeAnswers,
  isUnderWay,
  type MoiFlowAction,
  type MoiFlowState,
} from '../utils/moi-flow.js';
import { pickRecordingMimeType } from '../utils/recording-settings.js';
import { AccessRestricted } from './access-restricted.js';
import { type ClosedReason, InterviewClosed } from './interview-closed.js';
import { RecordingPhase } from './recording-phase.js';
import { ReviewPhase } from './review-phase.js';
import { SetupPhase } from './setup-phase.js';
import { SubmissionSuccessDialog } from './submission-success-dialog.js';

const PHASE_NAMES = { setup: 'Setup', recording: 'Recording', review: 'Review' } as const;
const PHASE_STEPS = { setup: 1, recording: 2, review: 3 } as const;

interface Standing {
  /** From the student's record: nothing to record (submitted, or not required), or null. */
  closed: ClosedReason | null;
  /** The record is still loading: the camera is not asked for until it says there is an interview. */
  checking: boolean;
}

/**
 * /moi (spec section 2): the recorded English interview. Without a full session, or before face
 * verification, the 'Access Restricted' panel, not a redirect.
 */
export function MoiPage(standing: Standing) {
  useDocumentTitle('MOI Interview');
  const { status, user } = useAuth();
  if (status === 'loading') return <PageLoading label="Checking your session…" />;
  if (!user || user.sessionScope !== 'student') return <AccessRestricted reason="signed-out" />;
  if (!user.faceVerified) return <AccessRestricted reason="unverified" />;
  return <MoiInterview {...standing} />;
}

/**
 * The three phases of spec section 4, "MOI flow", and the submission. Once under way, the answers
 * live only in this page: the portal's navigation gives way to 'Leave interview', and every way
 * off the page asks first.
 */
function MoiInterview(standing: Standing) {
  const [flow, dispatch] = useMoiFlow();
  const submission = useSubmitInterview();
  const underWay = isUnderWay(flow);
  return (
    <PortalLayout exit={underWay ? <LeaveInterviewLink /> : undefined}>
      <main
        {...OWN_BOTTOM_CONTROLS}
        className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10"
      >
        <InterviewPhases {...standing} flow={flow} dispatch={dispatch} submission={submission} />
      </main>
      <LeaveGuard
        active={underWay && submission.state.phase !== 'submitted'}
        title="Leave the interview?"
        description="Your answers are kept only on this page until you submit them. If you leave now, they will be deleted."
        stayLabel="Keep My Answers"
        leaveLabel="Leave interview"
      />
    </PortalLayout>
  );
}

/** The way out of the interview under way: to the dashboard, asked first by the page's guard. */
function LeaveInterviewLink() {
  return (
    <Button asChild variant="outline">
      <Link to={paths.dashboard.getHref()}>
        <X aria-hidden="true" />
        Leave interview
      </Link>
    </Button>
  );
}

function InterviewPhases({
  closed,
  checking,
  flow,
  dispatch,
  submission,
}: Standing & {
  flow: MoiFlowState;
  dispatch: ActionDispatch<[MoiFlowAction]>;
  submission: ReturnType<typeof useSubmitInterview>;
}) {
  const navigate = useNavigate();
  const questions = useInterviewQuestions();
  const retakeReason = useMoiRetakeReason(!checking && closed === null);
  const [mimeType] = useState(pickRecordingMimeType);
  // Once submitted here, the refreshed record says 'Submitted': the success dialog stays.
  const shownClosed = submission.state.phase === 'submitted' ? null : closed;
  const media = useMediaAccess(!checking && shownClosed === null && flow.phase !== 'review');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<string | null>(null);
  const step = `${flow.phase}:${flow.index}`;

  // A new phase or question replaces the buttons the keyboard was on: focus goes to its heading,
  // so keyboard and screen reader users go on from the top of what changed.
  useEffect(() => {
    const first = shownStep.current === null;
    shownStep.current = step;
    if (!first) headingRef.current?.focus();
  }, [step]);

  if (shownClosed) return <InterviewClosed reason={shownClosed} />;
  const answers = completeAnswers(flow);

  return (
    <>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">MOI Interview</h1>
        <p className="text-sm text-muted-foreground">
          Step {PHASE_STEPS[flow.phase]} of 3: {PHASE_NAMES[flow.phase]}
        </p>
      </div>
      {retakeReason && flow.phase === 'setup' ? (
        <Alert variant="warning">
          <AlertTitle>Your school asked you to record the interview again</AlertTitle>
          <AlertDescription className="wrap-anywhere">{retakeReason}</AlertDescription>
        </Alert>
      ) : null}

      {flow.phase === 'setup' ? (
        <SetupPhase
          media={media}
          recorderSupported={mimeType !== null}
          headingRef={headingRef}
          onStart={() => {
            dispatch({ type: 'startInterview' });
          }}
        />
      ) : null}

      {flow.phase === 'recording' ? (
        <RecordingPhase
          flow={flow}
          dispatch={dispatch}
          questions={questions}
          stream={media.stream}
          mimeType={mimeType}
          headingRef={headingRef}
        />
      ) : null}

      {flow.phase === 'review' && answers ? (
        <ReviewPhase
          answers={answers}
          submission={submission.state}
          headingRef={headingRef}
          onRerecord={(index) => {
            submission.dismiss();
            dispatch({ type: 'rerecord', index });
          }}
          onStartOver={() => {
            submission.dismiss();
            dispatch({ type: 'startOver' });
          }}
          onSubmit={() => {
            submission.submit(answers);
          }}
          onDismiss={submission.dismiss}
        />
      ) : null}

      {submission.state.phase === 'submitted' ? (
        <SubmissionSuccessDialog
          onReturn={() => {
            void navigate(paths.dashboard.getHref());
          }}
        />
      ) : null}
    </>
  );
}
