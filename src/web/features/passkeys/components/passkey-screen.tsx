import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CircleAlert, Fingerprint, KeyRound, Plus } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { TUserProfile } from '../../../../shared/auth.js';
import { PASSKEY_MESSAGES, ZRegisterBeginRequestSchema } from '../../../../shared/passkeys.js';
import { PublicPage } from '../../../components/layouts/public-page.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { paths } from '../../../config/paths.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import { useAuth } from '../../../lib/auth.js';
import { useRegisterPasskey } from '../api/register-passkey.js';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey.js';
import { usePasskeySupport } from '../hooks/use-passkey-support.js';
import { PasskeyError } from '../utils/passkey-error.js';
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

/** Spec section 5, "Passkey sign-in/registration screen": the username must not be empty. */
const ZUsernameFormSchema = ZRegisterBeginRequestSchema.pick({ username: true });
type TUsernameForm = { username: string };

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
      <div className="flex min-h-9 items-center">
        <Button
          variant="ghost"
          size="sm"
          className="-ml-3"
          disabled={busy}
          onClick={() => void navigate(paths.home.getHref())}
        >
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
      </div>

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

function failureOf(mutation: { isError: boolean; error: Error | null }, fallback: string) {
  if (!mutation.isError) return null;
  return mutation.error instanceof PasskeyError ? mutation.error.message : fallback;
}

function SignInPanel({
  signIn,
  supported,
  simulated,
  busy,
  onSignedIn,
  onRegisterMode,
}: {
  signIn: ReturnType<typeof useSignInWithPasskey>;
  supported: boolean;
  simulated: boolean;
  busy: boolean;
  onSignedIn: (answer: { user: TUserProfile }) => void;
  onRegisterMode: () => void;
}) {
  const failure = failureOf(signIn, PASSKEY_MESSAGES.authenticationFailedRetry);
  return (
    <>
      <FailureAlert failure={failure} />
      <div className="grid gap-3">
        <Button
          size="lg"
          className="w-full"
          disabled={busy || !supported}
          aria-busy={signIn.isPending}
          onClick={() => {
            signIn.mutate(undefined, { onSuccess: onSignedIn });
          }}
        >
          {signIn.isPending ? <Spinner size="sm" /> : <Fingerprint aria-hidden="true" />}
          Sign in with Passkey
        </Button>
        <p className="text-center text-sm text-muted-foreground" aria-live="polite">
          {simulated
            ? 'Signs in with the simulated passkey this browser keeps.'
            : signIn.isPending
              ? 'Follow the prompt on your screen to confirm it is you.'
              : 'Your device will ask for your fingerprint, face or screen lock.'}
        </p>
      </div>

      <div className="flex items-center gap-3 text-sm text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>

      <div className="grid gap-2 text-center">
        <p className="text-sm text-muted-foreground">Don&apos;t have a passkey on this device?</p>
        <Button variant="outline" className="w-full" disabled={busy} onClick={onRegisterMode}>
          <Plus aria-hidden="true" />
          Create a new passkey
        </Button>
      </div>
    </>
  );
}

function RegisterPanel({
  registration,
  supported,
  busy,
  onRegistered,
  onBackToLogin,
}: {
  registration: ReturnType<typeof useRegisterPasskey>;
  supported: boolean;
  busy: boolean;
  onRegistered: (answer: { user: TUserProfile }) => void;
  onBackToLogin: () => void;
}) {
  const { user } = useAuth();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TUsernameForm>({
    resolver: zodResolver(ZUsernameFormSchema),
    defaultValues: { username: user?.email ?? '' },
  });
  const failure = failureOf(registration, PASSKEY_MESSAGES.registrationFailedDefault);
  const hint =
    registration.error instanceof PasskeyError ? hintFor(registration.error, user) : null;
  const usernameError = errors.username?.message;

  const onSubmit = handleSubmit(({ username }) => {
    registration.mutate(
      { from: 'passkey-screen', username, userId: user?.id },
      { onSuccess: onRegistered },
    );
  });

  return (
    <>
      <FailureAlert failure={failure}>{hint}</FailureAlert>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor="passkey-username">Username</Label>
          <Input
            id="passkey-username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={usernameError ? true : undefined}
            aria-describedby={usernameError ? 'passkey-username-error' : 'passkey-username-hint'}
            {...register('username')}
          />
          {usernameError ? (
            <p
              id="passkey-username-error"
              role="alert"
              className="flex items-start gap-1.5 text-sm font-medium text-destructive"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{usernameError}</span>
            </p>
          ) : (
            <p id="passkey-username-hint" className="text-sm text-muted-foreground">
              Your student ID or the e-mail address your school has for you.
            </p>
          )}
        </div>
        <div className="grid gap-3">
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={busy || !supported}
            aria-busy={registration.isPending}
          >
            {registration.isPending ? <Spinner size="sm" /> : <KeyRound aria-hidden="true" />}
            Create Secure Passkey
          </Button>
          <Button
            type="button"
            variant="outline"
            className="w-full"
            disabled={busy}
            onClick={onBackToLogin}
          >
            <ArrowLeft aria-hidden="true" />
            Back to Login
          </Button>
        </div>
      </form>
    </>
  );
}

/**
 * What to do about a refused registration challenge. The server lets a passkey be added only by a
 * session that has proved who the student is, so without one the way in is the invite code.
 */
function hintFor(error: PasskeyError, user: TUserProfile | null): ReactNode {
  if (error.stage !== 'begin') return null;
  if (!user || error.status === 401) {
    return (
      <p className="mt-1">
        To create a passkey, first{' '}
        <TextLink asChild>
          <Link to={paths.signup.getHref()}>start from the invite code your school sent you</Link>
        </TextLink>{' '}
        so we can confirm who you are.
      </p>
    );
  }
  if (user.sessionScope === 'onboarding' && !user.faceVerified) {
    return (
      <p className="mt-1">
        Please{' '}
        <TextLink asChild>
          <Link to={paths.faceVerification.getHref()}>finish verifying your identity</Link>
        </TextLink>{' '}
        first, then create your passkey.
      </p>
    );
  }
  return null;
}
