import { z } from 'zod';
import { ZLoginResponseSchema } from './auth.js';
import { PASSPORT_MIN_LENGTH, SIGNUP_VALIDATION_MESSAGES } from './onboarding.js';

/**
 * Account recovery: a student whose phone is new or lost proves who they are again without the
 * invite (passport number and birth date, then a new identity check), registers a new passkey,
 * and every old one is revoked (docs/decisions/022).
 */

/** How long a recovery stays open after its lookup: the identity check and the passkey fit in it. */
export const RECOVERY_MINUTES = 30;

export const RECOVERY_TEXTS = {
  /** The sign-in screen's way in. */
  link: 'New phone or lost your passkey?',
  title: 'Recover your account',
  intro:
    'Sign in again on a new phone. Enter your passport number and date of birth, check your identity again with your passport, then create a new passkey. Your old passkeys will stop working.',
  submit: 'Continue',
  noMatch:
    'We could not find an account with these details. Check your passport number and date of birth. If you have not set up your account yet, use your invite code.',
  verifyTitle: 'Check your identity again',
  verifyIntro:
    'Use the same passport you applied with. This keeps your account safe if someone else has your old phone.',
  passkeyTitle: 'Create your new passkey',
  passkeyIntro:
    'Create a passkey on this phone. When it is done, your old passkeys stop working and every other device is signed out.',
  done: 'Your account is recovered. Your new passkey is ready.',
} as const;

/** POST /api/auth/recovery: the details the student gave when the consultancy added them. */
export const ZStartRecoveryRequestSchema = z.object({
  passportNumber: z
    .string()
    .trim()
    .min(PASSPORT_MIN_LENGTH, SIGNUP_VALIDATION_MESSAGES.passportNumber)
    .max(64),
  dateOfBirth: z.iso.date(SIGNUP_VALIDATION_MESSAGES.dateOfBirth),
});
export type TStartRecoveryRequest = z.infer<typeof ZStartRecoveryRequestSchema>;

/**
 * A match answers a recovery session (scope 'recovery'); every kind of miss answers the same
 * `no_match`, so a caller cannot learn which value was wrong, or whether the student exists.
 */
export const ZStartRecoveryResponseSchema = z.union([
  ZLoginResponseSchema,
  z.object({ error: z.literal('no_match') }),
]);
export type TStartRecoveryResponse = z.infer<typeof ZStartRecoveryResponseSchema>;
