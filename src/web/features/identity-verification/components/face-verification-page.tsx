import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PublicPage } from '../../../components/layouts/public-page.js';
import { PageLoading } from '../../../components/page-loading.js';
import { paths } from '../../../config/paths.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { useFaceVerification } from '../hooks/use-face-verification.js';
import type { VerificationState } from '../utils/verification-run.js';
import { useVerificationRedirect } from '../hooks/use-verification-redirect.js';
import { REDIRECT_AFTER_VERIFICATION_MS } from '../utils/verification-limits.js';
import { SimulatedProviderDialog } from './simulated-provider-dialog.js';
import { announcementFor } from '../utils/verification-announcement.js';
import { VerificationStateCard } from './verification-state-card.js';

/** A key that changes whenever the card on screen changes. */
const viewOf = (state: VerificationState) =>
  state.phase === 'loading' ? `loading:${state.flow}` : state.phase;

/**
 * Spec section 2, "Identity verification page (/face-verification)": the student proves who they
 * are with the identity provider. Redirects first (decided once the session check has ended), then
 * the states of spec section 4, each announced to screen readers, with the provider's flow in an
 * overlay: Veriff's own, or our dialog for the built-in simulated provider.
 */
export function FaceVerificationPage() {
  useDocumentTitle('Identity Verification');
  const navigate = useNavigate();
  const redirect = useVerificationRedirect();
  const { state, start, tryAgain, closeSimulatedFlow, onSimulatedFrameLoad } = useFaceVerification({
    enabled: redirect.status === 'stay',
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownView = useRef<string | null>(null);
  const view = viewOf(state);

  // A new card replaces the one the keyboard was on (the pressed button is gone): put focus on the
  // new card's heading, so keyboard and screen reader users continue from there. Not while a
  // provider's overlay is open: it holds the focus itself.
  useEffect(() => {
    if (redirect.status !== 'stay') return;
    const first = shownView.current === null;
    shownView.current = view;
    if (first || view === 'loading:simulated' || view === 'loading:in-context') return;
    headingRef.current?.focus();
  }, [view, redirect.status]);

  // Spec section 2: after success, the next page opens 2 seconds later.
  useEffect(() => {
    if (state.phase !== 'success') return;
    const timer = window.setTimeout(() => {
      void navigate(state.nextHref, { replace: true });
    }, REDIRECT_AFTER_VERIFICATION_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [state, navigate]);

  if (redirect.status === 'checking') return <PageLoading label="Checking your session…" />;
  if (redirect.status === 'redirect') return <Navigate to={redirect.to} replace />;

  return (
    <PublicPage homeLink={false}>
      <div className="flex items-center gap-1.5">
        <Link
          to={paths.home.getHref()}
          aria-label="Back to home"
          className="-ml-2.5 flex size-11 shrink-0 items-center justify-center rounded-lg text-foreground transition-colors hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl">
          Identity Verification
        </h1>
      </div>

      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcementFor(state)}
      </p>

      <div className="mt-5">
        <VerificationStateCard
          state={state}
          headingRef={headingRef}
          onStart={start}
          onTryAgain={tryAgain}
        />
      </div>

      {state.phase === 'loading' && state.flow === 'simulated' ? (
        <SimulatedProviderDialog
          sessionUrl={state.sessionUrl}
          onClose={closeSimulatedFlow}
          onFrameLoad={onSimulatedFrameLoad}
        />
      ) : null}
    </PublicPage>
  );
}
