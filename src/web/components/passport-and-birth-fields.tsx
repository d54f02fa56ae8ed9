import type { UseFormRegisterReturn } from 'react-hook-form';
import { useHydrated } from '../hooks/use-hydrated.js';
import { FormField } from './ui/form-field.js';
import { Input } from './ui/input.js';

/** Today as the date input's YYYY-MM-DD, in the student's own time zone. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The passport number and date of birth a student proves who they are with, at sign-up and in
 * account recovery: each field registered by the form it is in, with its error.
 */
export function PassportAndBirthFields({
  ids,
  passportNumber,
  dateOfBirth,
  errors,
}: {
  ids: { passportNumber: string; dateOfBirth: string };
  passportNumber: UseFormRegisterReturn;
  dateOfBirth: UseFormRegisterReturn;
  errors: { passportNumber?: string; dateOfBirth?: string };
}) {
  const hydrated = useHydrated();
  return (
    <>
      <FormField
        id={ids.passportNumber}
        label="Passport number"
        hint="As printed on the photo page of your passport."
        error={errors.passportNumber}
      >
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...passportNumber}
        />
      </FormField>
      <FormField id={ids.dateOfBirth} label="Date of birth" error={errors.dateOfBirth}>
        <Input
          type="date"
          autoComplete="bday"
          // Today on the student's own clock, not the build's (the page may be drawn at build time).
          max={hydrated ? today() : undefined}
          {...dateOfBirth}
        />
      </FormField>
    </>
  );
}
