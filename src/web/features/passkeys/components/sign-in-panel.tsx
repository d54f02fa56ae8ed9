import { Fingerprint, Plus, Smartphone } from 'lucide-react';
import { Link } from 'react-router';
import { RECOVERY_TEXTS } from '../../../../shared/account-recovery.js';
import type { TUserProfile } from '../../../../shared/auth.js';
import { PASSKEY_MESSAGES } from '../../../../shared/passkeys.js';
import { Button } from '../../../components/ui/button.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { paths } from '../../../config/paths.js';
import type { useSignInWithPasskey } from '../api/sign-in-with-passkey.js';
import { passkeyFailureMessage } from '../utils/passkey-error.js';

/**
 * The passkey screen's sign-in mode: usernameless sign-in with the passkey on this device, the
 * way to register mode for a student who has none here, and the way back in for a student whose
 * phone is new or lost (account recovery).
 */
export function SignInPanel({
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
  const failure = passkeyFailureMessage(signIn, PASSKEY_MESSAGES.authenticationFailedRetry);
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
        <Button asChild variant="ghost" className="w-full">
          <Link to={paths.recover.getHref()} aria-disabled={busy}>
            <Smartphone aria-hidden="true" />
            {RECOVERY_TEXTS.link}
          </Link>
        </Button>
      </div>
    </>
  );
}
