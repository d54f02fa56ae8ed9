import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowRight, IdCard, LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  SIGNUP_MESSAGES,
  ZSignupDetailsFormSchema,
  type TSignupDetailsForm,
} from '../../../../shared/onboarding.js';
import { SUPPORT_EMAIL } from '../../../config/branding.js';
import { PassportAndBirthFields } from '../../../components/passport-and-birth-fields.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { FormField } from '../../../components/ui/form-field.js';
import { IconTile } from '../../../components/ui/icon-tile.js';
import { Input } from '../../../components/ui/input.js';
import { ReadyFieldset } from '../../../components/ui/ready-fieldset.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { useAuth } from '../../../lib/auth.js';
import { writeStorage } from '../../../lib/browser-storage.js';
import { SESSION_STORAGE_KEYS } from '../../../lib/storage-keys.js';
import { useGetStudentId } from '../api/get-student-id.js';
import { HasAccountLinks } from './has-account-links.js';
import { useVerifyUser } from '../api/verify-user.js';
import { HasAccountError, SignupError } from '../utils/signup-error.js';

/**
 * Step 1 of sign-up (spec sections 2, 4, 5 and 8): the invite code, passport number and date of
 * birth find the student; a match is stored for the later steps and exchanged for an onboarding
 * session. `onMatched` then decides where the student goes next.
 */
export function DetailsStep({
  onMatched,
}: {
  onMatched: (match: { faceVerified: boolean }) => void | Promise<void>;
}) {
  const { login } = useAuth();
  const lookup = useGetStudentId();
  const verify = useVerifyUser();
  const [failure, setFailure] = useState<string | null>(null);
  const [hasAccount, setHasAccount] = useState(false);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TSignupDetailsForm>({
    resolver: zodResolver(ZSignupDetailsFormSchema),
    defaultValues: { inviteCode: '', passportNumber: '', dateOfBirth: '' },
  });

  // The whole exchange runs inside the submit handler, so `isSubmitting` keeps the button busy
  // from the lookup until the next page or step has taken over.
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setHasAccount(false);
    try {
      const match = await lookup.mutateAsync(values);
      writeStorage('session', SESSION_STORAGE_KEYS.studentId, match.studentId);
      writeStorage('session', SESSION_STORAGE_KEYS.firstName, match.firstName);
      writeStorage('session', SESSION_STORAGE_KEYS.lastName, match.lastName);
      const session = await verify.mutateAsync({ studentId: match.studentId });
      login(session.token, session.user);
      await onMatched({ faceVerified: match.faceVerified });
    } catch (error) {
      // Only messages written for the student are shown; nothing typed is ever echoed back.
      setFailure(error instanceof SignupError ? error.message : SIGNUP_MESSAGES.generic);
      setHasAccount(error instanceof HasAccountError);
    }
  });

  return (
    <Card className="gap-6 p-5 sm:p-7">
      <CardHeader>
        <IconTile icon={IdCard} />
        <CardTitle tabIndex={-1} className="outline-none">
          Confirm who you are
        </CardTitle>
        <CardDescription>
          Enter the invite code from your school, then your passport number and date of birth
          exactly as they appear on your passport.
        </CardDescription>
      </CardHeader>

      <FailureAlert failure={failure}>{hasAccount ? <HasAccountLinks /> : undefined}</FailureAlert>

      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <ReadyFieldset className="grid gap-5">
          <FormField
            id="inviteCode"
            label="Invite code"
            hint={`It is in the invitation your school or agent sent you. Can't find it? Ask your agent or write to ${SUPPORT_EMAIL}.`}
            error={errors.inviteCode?.message}
          >
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              {...register('inviteCode')}
            />
          </FormField>

          <PassportAndBirthFields
            ids={{ passportNumber: 'passportNumber', dateOfBirth: 'dateOfBirth' }}
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
                Continue
                <ArrowRight aria-hidden="true" />
              </>
            )}
          </Button>
        </ReadyFieldset>
      </form>

      <p className="flex gap-2 text-sm text-muted-foreground">
        <LockKeyhole className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>Your passport details are sent securely and used only to confirm who you are.</span>
      </p>
    </Card>
  );
}
