import { ArrowRight, BadgeCheck } from 'lucide-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { RECOVERY_TEXTS } from '../../../../shared/account-recovery.js';
import { BackHomeRow, PublicPage } from '../../../components/layouts/public-page.js';
import { Alert, AlertDescription } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import { paths } from '../../../config/paths.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { useAuth } from '../../../lib/auth.js';
import { RecoveryDetailsStep } from './recovery-details-step.js';

type RecoveryStep = 'details' | 'passkey' | 'complete';

/** The address the identity verification page sends a recovering student back to. */
const RESUME_PARAM = 'step';

export interface RecoveryPasskeyStepProps {
  onRegistered: () => void;
}

/**
 * /recover: a student without their passkey (a new or lost phone) gets back in. Their passport
 * number and birth date open a recovery, the identity verification page checks them again, and
 * `?step=passkey` brings them back here, once that check approved them, to create the passkey
 * that replaces every old one. The passkey step belongs to the passkeys feature; the app's route
 * hands it in, so this feature never reaches into another.
 */
export function RecoveryPage({
  PasskeyStep,
}: {
  PasskeyStep: ComponentType<RecoveryPasskeyStepProps>;
}) {
  useDocumentTitle(RECOVERY_TEXTS.title);
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const verified = user?.sessionScope === 'recovery' && user.faceVerified;
  const [step, setStep] = useState<RecoveryStep>(() =>
    searchParams.get(RESUME_PARAM) === 'passkey' && verified ? 'passkey' : 'details',
  );
  const stepRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  // After moving on from a step, put the keyboard and the screen reader on the new step's heading.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    stepRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [step]);

  return (
    <PublicPage homeLink={false}>
      <BackHomeRow label={step === 'details' ? 'Go Back' : null} />
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl">
        {RECOVERY_TEXTS.title}
      </h1>
      <div ref={stepRef} className="mt-6 grid gap-4">
        {step === 'details' ? <RecoveryDetailsStep /> : null}
        {step === 'passkey' ? (
          <>
            <p className="text-base text-pretty text-muted-foreground">
              {RECOVERY_TEXTS.passkeyIntro}
            </p>
            <PasskeyStep
              onRegistered={() => {
                moved.current = true;
                setStep('complete');
              }}
            />
          </>
        ) : null}
        {step === 'complete' ? (
          <>
            <Alert variant="success" role="status">
              <BadgeCheck aria-hidden="true" />
              <AlertDescription className="font-semibold">{RECOVERY_TEXTS.done}</AlertDescription>
            </Alert>
            <Button asChild size="lg" className="w-full">
              <Link to={paths.dashboard.getHref()}>
                Go to your dashboard
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </>
        ) : null}
      </div>
    </PublicPage>
  );
}
