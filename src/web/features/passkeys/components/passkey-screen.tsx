import { Fingerprint, KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TUserProfile } from '../../../../shared/auth.js';
import { BackHomeRow, PublicPage } from '../../../components/layouts/public-page.js';
import { Card } from '../../../components/ui/card.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { paths } from '../../../config/paths.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { useRegisterPasskey } from '../api/register-passkey.js';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey.js';
import { usePasskeySupport } from '../hooks/use-passkey-support.js';
import { RegisterPanel } from './register-panel.js';
import { SignInPanel } from './sign-in-panel.js';
import { SimulatedPasskeyNotice } from './simulated-passkey-notice.js';
import { WebAuthnUnsupportedNotice } from './webauthn-unsupported-notice.js';

export type PasskeyMode = 'sign-in' | 'register';

const MODES: Record<PasskeyMode, { title: string; intro: string; icon: ReactNode }> = {
  'sign-in': {
    title: 'Sign In with a Passkey',
    intro:
      'Use the passkey on this device: your fingerprint, face or screen lock. No password, nothing to remember.',
    icon: <Fingerprint className="size-6" aria-hidden="true" />,
  },
  register: {
    title: 'Create a Passkey',
    intro:
      'Set up a passkey on this device. You will confirm it with your fingerprint, face or screen lock, and use it to sign in from now on.',
    icon: <KeyRound className="size-6" aria-hidden="true" />,
  },
};

/** Where a student goes once signed in: identity verification first if it is not done yet. */
function homeFor(user: TUserProfile): string {
  return user.faceVerified ? paths.dashboard.getHref() : paths.faceVerification.getHref();
}

/**
 * The passkey screen of spec section 2 (/webauthn, /webauthn-login, /login): usernameless sign-in
 * by default, and a register mode for a student whose session may add a passkey (an onboarding
 * session after the identity check). A busy flag disables every button while a request runs
 * (spec section 4), and every message appears in an alert region.
 *
 * Where the browser cannot make passkeys, a demo server signs in and registers with the simulated
 * passkey this browser keeps (with the spec's notice); any other server gets the notice that
 * WebAuthn is not supported, and disabled buttons.
 */
export function PasskeyScreen() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<PasskeyMode>('sign-in');
  const support = usePasskeySupport();
  const simulated = support === 'simulated';
  const signIn = useSignInWithPasskey(simulated ? 'simulated' : 'real');
  const registration = useRegisterPasskey(simulated ? 'simulated' : 'real');
  const supported = support === 'real' || simulated;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);
  const busy = signIn.isPending || registration.isPending;
  const { title, intro, icon } = MODES[mode];
  useDocumentTitle(title);

  // After a mode switch, put the keyboard and the screen reader on the new heading.
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    headingRef.current?.focus();
  }, [mode]);

  function switchTo(next: PasskeyMode) {
    signIn.reset();
    registration.reset();
    switched.current = true;
    setMode(next);
  }

  const onSignedIn = ({ user }: { user: TUserProfile }) => {
    void navigate(homeFor(user), { replace: true });
  };

  return (
    <PublicPage>
      <BackHomeRow label="Go Back" disabled={busy} />

      <div className="mt-3 flex flex-col items-start gap-3">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
          {icon}
        </span>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-balance text-foreground outline-none sm:text-3xl"
        >
          {title}
        </h1>
        <p className="text-base leading-relaxed text-pretty text-muted-foreground">{intro}</p>
      </div>

      <Card className="mt-6 gap-5 p-5 sm:p-7">
        {support === 'unsupported' ? <WebAuthnUnsupportedNotice /> : null}
        {simulated ? <SimulatedPasskeyNotice /> : null}
        {mode === 'sign-in' ? (
          <SignInPanel
            signIn={signIn}
            supported={supported}
            simulated={simulated}
            busy={busy}
            onSignedIn={onSignedIn}
            onRegisterMode={() => {
              switchTo('register');
            }}
          />
        ) : (
          <RegisterPanel
            registration={registration}
            supported={supported}
            busy={busy}
            onRegistered={onSignedIn}
            onBackToLogin={() => {
              switchTo('sign-in');
            }}
          />
        )}
      </Card>

      {mode === 'sign-in' ? (
        <p className="mt-8 text-center text-base text-muted-foreground">
          New student?{' '}
          <TextLink asChild>
            <Link to={paths.signup.getHref()}>Start with your invite code</Link>
          </TextLink>
        </p>
      ) : null}
    </PublicPage>
  );
}
