import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { TUserProfile } from '../../../../shared/auth.js';
import { PASSKEY_MESSAGES, ZRegisterBeginRequestSchema } from '../../../../shared/passkeys.js';
import { Button } from '../../../components/ui/button.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { FormField } from '../../../components/ui/form-field.js';
import { Input } from '../../../components/ui/input.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { paths } from '../../../config/paths.js';
import { useAuth } from '../../../lib/auth.js';
import type { useRegisterPasskey } from '../api/register-passkey.js';
import { PasskeyError, passkeyFailureMessage } from '../utils/passkey-error.js';

/** Spec section 5, "Passkey sign-in/registration screen": the username must not be empty. */
const ZUsernameFormSchema = ZRegisterBeginRequestSchema.pick({ username: true });
type TUsernameForm = { username: string };

/**
 * The passkey screen's register mode: a passkey for the student whose session may add one (an
 * onboarding session after the identity check), under the username they give, with what to do
 * when the server refuses.
 */
export function RegisterPanel({
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
  const failure = passkeyFailureMessage(registration, PASSKEY_MESSAGES.registrationFailedDefault);
  const hint =
    registration.error instanceof PasskeyError ? hintFor(registration.error, user) : null;

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
        <FormField
          id="passkey-username"
          label="Username"
          hint="Your student ID or the e-mail address your school has for you."
          error={errors.username?.message}
          announceError
        >
          <Input
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...register('username')}
          />
        </FormField>
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
  if (user.sessionScope !== 'student' && !user.faceVerified) {
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
