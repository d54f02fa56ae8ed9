import type { TLoginResponse } from '../../../shared/auth.js';
import type { SessionStudent } from './find-session-student.js';
import type { SessionGrant, SessionTokenSigner } from './session-claims.js';

/** What every sign-in answers (spec section 3, "Login response"): a token and the student. */
export async function issueSession(
  tokens: SessionTokenSigner,
  profile: SessionStudent['profile'],
  grant: SessionGrant,
): Promise<TLoginResponse> {
  const token =
    grant.scope === 'onboarding'
      ? await tokens.issue(profile.id, grant.scope, grant.inviteId)
      : await tokens.issue(profile.id, grant.scope, undefined, grant.authenticatedAt);
  return {
    token,
    user: { ...profile, sessionScope: grant.scope },
  };
}
