import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight, IdCard } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { RECOVERY_TEXTS } from '../../../../shared/account-recovery.js';
import { SIGNUP_MESSAGES, ZSignupDetailsFormSchema } from '../../../../shared/onboarding.js';
import { PassportAndBirthFields } from '../../../components/passport-and-birth-fields.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { IconTile } from '../../../components/ui/icon-tile.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { paths } from '../../../config/paths.js';
import { useAuth } from '../../../lib/auth.js';
import { writeStorage } from '../../../lib/browser-storage.js';
import { SESSION_STORAGE_KEYS } from '../../../lib/storage-keys.js';
import { RecoveryError, useStartRecovery } from '../api/start-recovery.js';

const ZRecoveryDetailsFormSchema = ZSignupDetailsFormSchema.pick({
  passportNumber: true,
  dateOfBirth: true,
});
type TRecoveryDetailsForm = { passportNumber: string; dateOfBirth: string };

/**
 * Recovery's first step: the passport number and birth date the school has for the student open
 * a recovery session, and the identity check comes next, on the identity verification page (which
 * sends the student back here for the passkey).
 */
export function RecoveryDetailsStep() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const start = useStartRecovery();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TRecoveryDetailsForm>({
    resolver: zodResolver(ZRecoveryDetailsFormSchema),
    defaultValues: { passportNumber: '', dateOfBirth: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const session = await start.mutateAsync(values);
      // The passkey step reads the student id this tab holds, as it does in sign-up.
      writeStorage('session', SESSION_STORAGE_KEYS.studentId, session.user.id);
      login(session.token, session.user);
      await navigate(paths.faceVerification.getHref());
    } catch (error) {
      // Only messages written for the student are shown; nothing typed is ever echoed back.
      setFailure(error instanceof RecoveryError ? error.message : SIGNUP_MESSAGES.generic);
    }
  });

  return (
    <Card className="gap-6 p-5 sm:p-7">
      <CardHeader>
        <IconTile icon={IdCard} />
        <CardTitle tabIndex={-1} className="outline-none">
          Confirm who you are
        </CardTitle>
        <CardDescription>{RECOVERY_TEXTS.intro}</CardDescription>
      </CardHeader>

      <FailureAlert failure={failure}>
        {failure === RECOVERY_TEXTS.noMatch ? (
          <p className="mt-1">
            <TextLink asChild>
              <Link to={paths.signup.getHref()}>Start with your invite code</Link>
            </TextLink>
          </p>
        ) : undefined}
      </FailureAlert>

      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
        <PassportAndBirthFields
          ids={{ passportNumber: 'recoveryPassportNumber', dateOfBirth: 'recoveryDateOfBirth' }}
          passportNumber={register('passportNumber')}
          dateOfBirth={register('dateOfBirth')}
          errors={{
            passportNumber: errors.passportNumber?.message,
            dateOfBirth: errors.dateOfBirth?.message,
          }}
        />
        <Button
          type="submit"
          size="lg"
          className="mt-1 w-full"
          disabled={isSubmitting}
          aria-busy={isSubmitting}
        >
          {isSubmitting ? (
            <>
              <Spinner size="sm" />
              Checking…
            </>
          ) : (
            <>
              {RECOVERY_TEXTS.submit}
              <ArrowRight aria-hidden="true" />
            </>
          )}
        </Button>
      </form>
    </Card>
  );
}
