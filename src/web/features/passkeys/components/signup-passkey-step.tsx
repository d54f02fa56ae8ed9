import { Check, Fingerprint, KeyRound, ShieldCheck } from 'lucide-react';
import { PASSKEY_MESSAGES } from '../../../../shared/passkeys.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { IconTile } from '../../../components/ui/icon-tile.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useAuth } from '../../../lib/auth.js';
import { readStorage } from '../../../lib/browser-storage.js';
import { SESSION_STORAGE_KEYS } from '../../../lib/storage-keys.js';
import { useRegisterPasskey } from '../api/register-passkey.js';
import { usePasskeySupport } from '../hooks/use-passkey-support.js';
import { passkeyFailureMessage } from '../utils/passkey-error.js';
import { SimulatedPasskeyNotice } from './simulated-passkey-notice.js';
import { WebAuthnUnsupportedNotice } from './webauthn-unsupported-notice.js';

const WHY_A_PASSKEY = [
  'Nothing to remember or type',
  'Only works on this portal, so fake websites cannot steal it',
  'Your fingerprint or face never leaves your phone',
] as const;

/**
 * Step 2 of sign-up (spec sections 2, 4, 5 and 8): the student creates the passkey they will sign
 * in with. The student id of the details step, and the e-mail and id of the session, must all be
 * there (spec section 5); otherwise the button does nothing but log a warning. On success the
 * completion's full session signs the student in and `onRegistered` moves on to step 3.
 *
 * Where the browser cannot make a passkey, a demo server gets a simulated one (with the spec's
 * notice saying so); any other server gets the notice that WebAuthn is not supported, and no button.
 */
export function SignupPasskeyStep({ onRegistered }: { onRegistered: () => void }) {
  const { user, isLoading } = useAuth();
  const support = usePasskeySupport();
  const simulated = support === 'simulated';
  const registration = useRegisterPasskey(simulated ? 'simulated' : 'real');
  const busy = registration.isPending;
  const failure = passkeyFailureMessage(registration, PASSKEY_MESSAGES.registrationFailedDefault);

  function createPasskey() {
    const studentId = readStorage('session', SESSION_STORAGE_KEYS.studentId);
    const email = user?.email;
    const userId = user?.id;
    if (!studentId || !email || !userId) {
      // Spec section 5: without all three nothing happens; the warning is for whoever debugs it.
      console.warn('Passkey step: the student id, e-mail and user id are all needed.', {
        studentId: Boolean(studentId),
        email: Boolean(email),
        userId: Boolean(userId),
      });
      return;
    }
    registration.mutate({ from: 'signup', studentId, userId, email }, { onSuccess: onRegistered });
  }

  return (
    <Card className="gap-6 p-5 sm:p-7">
      <CardHeader>
        <IconTile icon={KeyRound} />
        <CardTitle tabIndex={-1} className="outline-none">
          Create your passkey
        </CardTitle>
        <CardDescription>
          A passkey is how you will sign in to the portal: your phone&apos;s fingerprint, face or
          screen lock instead of a password. There is nothing to remember.
        </CardDescription>
      </CardHeader>

      <ul className="space-y-2.5 text-sm text-foreground">
        {WHY_A_PASSKEY.map((reason) => (
          <li key={reason} className="flex gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
            <span>{reason}</span>
          </li>
        ))}
      </ul>

      <FailureAlert failure={failure} />

      {support === 'unsupported' ? (
        <WebAuthnUnsupportedNotice />
      ) : (
        <div className="grid gap-3">
          {simulated ? <SimulatedPasskeyNotice /> : null}
          <Button
            size="lg"
            className="w-full"
            disabled={busy || isLoading || support === 'checking'}
            aria-busy={busy}
            onClick={createPasskey}
          >
            {busy ? (
              <>
                <Spinner size="sm" />
                {simulated ? 'Creating a simulated passkey…' : 'Waiting for your device…'}
              </>
            ) : (
              <>
                <Fingerprint aria-hidden="true" />
                Create Passkey
              </>
            )}
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            {simulated
              ? 'No fingerprint, face or screen lock is needed for the simulated passkey.'
              : busy
                ? 'Follow the prompt on your screen to confirm it is you.'
                : 'Your device will ask for your fingerprint, face or screen lock.'}
          </p>
        </div>
      )}

      <p className="flex gap-2 text-sm text-muted-foreground">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          {simulated
            ? 'This browser keeps the simulated passkey. We only keep a hash of its secret, which cannot be used to sign in without it.'
            : 'Your passkey stays on this device. We only keep a public key that cannot be used to sign in without it.'}
        </span>
      </p>
    </Card>
  );
}
