import type { TVerificationStatusResponse } from '../../../../shared/identity-verification.js';
import { onboardingStudent } from '../../../test/data-generators.js';

/**
 * The identity check's requests as the tests' fake server routes them: for Amara (the onboarding
 * student) and one provider session.
 */
export const STUDENT_ID = onboardingStudent().id;
export const SESSION_ID = 'b7d1c1de-4f0a-4a54-8a4c-1f1a2b3c4d5e';
export const STATUS = `GET /api/veriff/status/${STUDENT_ID}`;
export const SESSION = 'POST /api/veriff/session';
export const VERIFY_FACE = 'POST /api/auth/verify-face';
export const VERIFY_WITH_PROVIDER = `POST /api/veriff/verify/${SESSION_ID}`;
/** What verify-face and verify-with-provider answer for an approved student. */
export const VERIFIED = { faceVerified: true, verificationResult: 'approved' };

/** The status call's answer: undecided unless the test says otherwise. */
export function verificationStatus(
  overrides: Partial<TVerificationStatusResponse> = {},
): TVerificationStatusResponse {
  return {
    faceVerified: false,
    verificationResult: 'pending',
    status: 'pending',
    reason: null,
    ...overrides,
  };
}
