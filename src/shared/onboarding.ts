import { z } from 'zod';

/** Spec section 9. */
export const PASSPORT_MIN_LENGTH = 6;

/** Passport numbers are typed with varying case and spacing: compare them as the same number. */
export function normalisePassportNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

export const SIGNUP_PROGRESS = { details: 33, passkey: 66, complete: 100 } as const;

/** Spec section 5: the details step's rules and their exact messages. */
export const SIGNUP_VALIDATION_MESSAGES = {
  passportNumber: 'Passport number must be at least 6 characters',
  dateOfBirth: 'Date of birth is required',
  inviteCode: 'Invite code is required',
} as const;

/** Spec section 8: what the details step says when the lookup does not go through. */
export const SIGNUP_MESSAGES = {
  lookupFailed: 'Failed to get student ID. Please check your passport number and date of birth.',
  noProfile: 'Failed to create or retrieve user profile.',
  generic: 'User verification failed. Please check your passport number and date of birth.',
} as const;

/** Spec section 8: a lookup that found no one; the support address is the brand's (BRAND_SUPPORT_EMAIL). */
export function signupNoMatchMessage(supportEmail: string): string {
  return `No match was found for the information you entered. Please double-check your invite code, passport number and date of birth, and contact your agent or ${supportEmail} if the problem continues.`;
}

/** A used invite with the right passport number and birth date: the account exists already. */
export const SIGNUP_HAS_ACCOUNT_MESSAGE =
  'You already have an account: sign in, or recover it on a new phone';

/** The details form (spec sections 3 and 5), shared by the form and the server's rules. */
export const ZSignupDetailsFormSchema = z.object({
  inviteCode: z.string().trim().min(1, SIGNUP_VALIDATION_MESSAGES.inviteCode),
  passportNumber: z
    .string()
    .trim()
    .min(PASSPORT_MIN_LENGTH, SIGNUP_VALIDATION_MESSAGES.passportNumber),
  dateOfBirth: z.string().min(1, SIGNUP_VALIDATION_MESSAGES.dateOfBirth),
});
export type TSignupDetailsForm = z.infer<typeof ZSignupDetailsFormSchema>;

const MAX_FIELD = 64;

/** POST /api/get-student-id (spec section 7): date_of_birth is an ISO timestamp at UTC midnight. */
export const ZGetStudentIdRequestSchema = z.object({
  invite_code: z.string().trim().min(1, SIGNUP_VALIDATION_MESSAGES.inviteCode).max(MAX_FIELD),
  passport_number: z
    .string()
    .trim()
    .min(PASSPORT_MIN_LENGTH, SIGNUP_VALIDATION_MESSAGES.passportNumber)
    .max(MAX_FIELD),
  date_of_birth: z.iso
    .datetime({ message: 'Date of birth must be an ISO timestamp at UTC midnight' })
    .refine((v) => v.slice(10) === 'T00:00:00.000Z' || v.slice(10) === 'T00:00:00Z', {
      message: 'Date of birth must be an ISO timestamp at UTC midnight',
    }),
});
export type TGetStudentIdRequest = z.infer<typeof ZGetStudentIdRequestSchema>;

/** The lookup's view of the student's profile (spec section 3, "Identity lookup response"). */
export const ZLookupUserProfileSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  faceVerified: z.boolean(),
});

/**
 * A match carries the student; a miss carries only `error`, the same for every kind of miss, so
 * a caller cannot learn which of the three values was wrong. `has_account`: all three values are
 * right, but the invite was used to set up an account that exists (sign in, or recover it).
 */
export const ZGetStudentIdResponseSchema = z.union([
  z.object({
    student_id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    userProfile: ZLookupUserProfileSchema,
  }),
  z.object({ student_id: z.null(), error: z.enum(['no_match', 'has_account']) }),
]);
export type TGetStudentIdResponse = z.infer<typeof ZGetStudentIdResponseSchema>;

export const ZVerifyUserRequestSchema = z.object({
  studentId: z.uuid('studentId must be a student id'),
});
export type TVerifyUserRequest = z.infer<typeof ZVerifyUserRequestSchema>;

/** Turns the date input's YYYY-MM-DD into the timestamp the lookup expects. */
export function dateOfBirthToUtcTimestamp(date: string): string {
  return `${date}T00:00:00.000Z`;
}
