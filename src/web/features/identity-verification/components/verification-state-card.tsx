import { Hourglass, ScanFace, ScanSearch } from 'lucide-react';
import { IDENTITY_PROVIDER_NAME } from '../../../../shared/identity-verification.js';
import { REVIEW_TIME_TEXT } from '../utils/verification-announcement.js';
import type { VerificationState } from '../utils/verification-run.js';
import { ErrorCard } from './error-card.js';
import { IdleCard } from './idle-card.js';
import { SuccessCard } from './success-card.js';
import type { HeadingRef } from './verification-card-parts.js';
import { WorkingCard } from './working-card.js';

/** The card of the current state: one per state of spec section 2, "Identity verification page". */
export function VerificationStateCard({
  state,
  headingRef,
  onStart,
  onTryAgain,
}: {
  state: VerificationState;
  headingRef: HeadingRef;
  onStart: () => void;
  onTryAgain: () => void;
}) {
  switch (state.phase) {
    case 'idle':
      return <IdleCard headingRef={headingRef} onStart={onStart} />;
    case 'loading':
      return state.flow === 'opening' ? (
        <WorkingCard
          headingRef={headingRef}
          icon={ScanFace}
          step={0}
          title="Opening verification…"
          description={`Connecting you securely to ${IDENTITY_PROVIDER_NAME}. This takes a few seconds.`}
        />
      ) : (
        <WorkingCard
          headingRef={headingRef}
          icon={ScanFace}
          step={0}
          title="Verification in progress"
          description="Follow the steps in the verification window. Keep this page open until you have finished."
        />
      );
    case 'processing':
      return (
        <WorkingCard
          headingRef={headingRef}
          icon={ScanSearch}
          step={1}
          title="Checking your result…"
          description="This takes a few seconds."
        />
      );
    case 'polling':
      return (
        <WorkingCard
          headingRef={headingRef}
          icon={Hourglass}
          step={2}
          title="Reviewing your verification"
          description={`${REVIEW_TIME_TEXT} This page updates by itself, so you can keep it open.`}
          note="You can also leave and come back to this page later: it picks up where you left off."
        />
      );
    case 'success':
      return <SuccessCard headingRef={headingRef} nextHref={state.nextHref} />;
    case 'error':
      return <ErrorCard headingRef={headingRef} failure={state.failure} onTryAgain={onTryAgain} />;
  }
}
