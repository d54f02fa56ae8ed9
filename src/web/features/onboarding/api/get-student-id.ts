import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  dateOfBirthToUtcTimestamp,
  SIGNUP_HAS_ACCOUNT_MESSAGE,
  SIGNUP_MESSAGES,
  signupNoMatchMessage,
  ZLookupUserProfileSchema,
  type TGetStudentIdRequest,
  type TSignupDetailsForm,
} from '../../../../shared/onboarding.js';
import { SUPPORT_EMAIL } from '../../../config/branding.js';
import { apiRequest } from '../../../lib/api-client.js';
import { readApiError } from '../../../lib/read-api-error.js';
import { HasAccountError, SignupError } from '../utils/signup-error.js';

/**
 * The lookup's answer, read leniently rather than with the contract's strict union: spec section
 * 8 gives "no student id" and "no profile" their own messages, so a partial answer must reach the
 * checks below instead of failing as unreadable.
 */
const ZLookupAnswerSchema = z.object({
  student_id: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  error: z.string().nullish(),
  userProfile: ZLookupUserProfileSchema.nullish(),
});

export interface StudentMatch {
  studentId: string;
  firstName: string;
  lastName: string;
  faceVerified: boolean;
}

/**
 * POST /api/get-student-id (spec section 7). On a match the server also sets an HttpOnly proof
 * cookie, which apiRequest's `credentials: 'include'` keeps for the verify-user call that follows.
 * Throws a SignupError carrying the spec's message for each answer that is not a match.
 */
export async function getStudentId(form: TSignupDetailsForm): Promise<StudentMatch> {
  const body: TGetStudentIdRequest = {
    date_of_birth: dateOfBirthToUtcTimestamp(form.dateOfBirth),
    passport_number: form.passportNumber,
    invite_code: form.inviteCode,
  };
  let res: Response;
  try {
    res = await apiRequest('POST', API_PATHS.getStudentId, body);
  } catch (error) {
    const answer = readApiError(error);
    if (!answer) throw error;
    // Too many attempts: the server's message says how long to wait, which is what helps.
    if (answer.status === 429 && answer.message) throw new SignupError(answer.message);
    throw new SignupError(SIGNUP_MESSAGES.lookupFailed);
  }
  const data = ZLookupAnswerSchema.parse(await res.json());
  if (data.error === 'has_account') throw new HasAccountError(SIGNUP_HAS_ACCOUNT_MESSAGE);
  if (data.error || !data.student_id) throw new SignupError(signupNoMatchMessage(SUPPORT_EMAIL));
  if (!data.userProfile) throw new SignupError(SIGNUP_MESSAGES.noProfile);
  return {
    studentId: data.student_id,
    firstName: data.first_name ?? '',
    lastName: data.last_name ?? '',
    faceVerified: data.userProfile.faceVerified,
  };
}

export function useGetStudentId() {
  return useMutation({ mutationFn: getStudentId });
}
