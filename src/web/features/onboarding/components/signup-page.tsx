import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SIGNUP_PROGRESS } from '../../../../shared/onboarding.js';
import { BackHomeRow, PublicPage } from '../../../components/layouts/public-page.js';
import { Progress } from '../../../components/ui/progress.js';
import { paths } from '../../../config/paths.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { readStorage } from '../../../lib/browser-storage.js';
import { SESSION_STORAGE_KEYS } from '../../../lib/storage-keys.js';
import { CompleteStep } from './complete-step.js';
import { DetailsStep } from './details-step.js';

export type SignupStep = keyof typeof SIGNUP_PROGRESS;

const STEPS: Record<SignupStep, { number: number; name: string }> = {
  details: { number: 1, name: 'Your details' },
  passkey: { number: 2, name: 'Passkey' },
  complete: { number: 3, name: 'Done' },
};
const STEP_COUNT = Object.keys(STEPS).length;

/** The address /signup?step=passkey comes back to after identity verification (spec section 2). */
const RESUME_PARAM = 'step';

/**
 * Spec section 2, "/signup": three steps with a progress bar. `?step=passkey` resumes at the
 * passkey step when this tab holds a student id from the details step; the query is then dropped
 * from the address so a reload or a shared link does not replay it.
 */
export interface PasskeyStepProps {
  onRegistered: () => void;
}

/**
 * The passkey step belongs to the passkeys feature; the app's route hands it in, so this feature
 * never reaches into another.
 */
export function SignupPage({ PasskeyStep }: { PasskeyStep: ComponentType<PasskeyStepProps> }) {
  useDocumentTitle();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [step, setStep] = useState<SignupStep>(() =>
    searchParams.get(RESUME_PARAM) === 'passkey' &&
    readStorage('session', SESSION_STORAGE_KEYS.studentId)
      ? 'passkey'
      : 'details',
  );
  const stepRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!searchParams.has(RESUME_PARAM)) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(RESUME_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  // After moving on from a step, put the keyboard and the screen reader on the new step's heading.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    stepRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [step]);

  function goTo(next: SignupStep) {
    moved.current = true;
    setStep(next);
  }

  async function onMatched({ faceVerified }: { faceVerified: boolean }) {
    // Spec section 4: a verified student goes on to the passkey; anyone else verifies first.
    if (faceVerified) goTo('passkey');
    else await navigate(paths.faceVerification.getHref());
  }

  const { number, name } = STEPS[step];

  return (
    <PublicPage homeLink={false}>
      <BackHomeRow label={step === 'details' ? 'Go Back' : null} />

      <h1 className="mt-3 text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl">
        Create Your Account
      </h1>

      <div className="mt-5">
        <div className="flex items-baseline justify-between gap-3 text-sm">
          <p id="signup-progress-label" className="font-semibold text-foreground">
            {`Step ${number} of ${STEP_COUNT}`}
          </p>
          <p className="text-muted-foreground">{name}</p>
        </div>
        <Progress
          value={SIGNUP_PROGRESS[step]}
          aria-labelledby="signup-progress-label"
          className="mt-2"
        />
      </div>

      <div ref={stepRef} className="mt-6">
        {step === 'details' ? (
          <DetailsStep onMatched={onMatched} />
        ) : step === 'passkey' ? (
          <PasskeyStep
            onRegistered={() => {
              goTo('complete');
            }}
          />
        ) : (
          <CompleteStep />
        )}
      </div>
    </PublicPage>
  );
}
