import type { TLoginResponse } from '../../../shared/auth.js';
import type { SessionStudent } from './find-session-student.js';
import type { SessionGrant, SessionTokenSigner } from './session-token.js';

/** What every sign-in answers (spec section 3, "Login response"): a token and the student. */
export async function issueSession(
  tokens: SessionTokenSigner,
  profile: SessionStudent['profile'],
  grant: SessionGrant,
): Promise<TLoginResponse> {
  const inviteId = grant.scope === 'onboarding' ? grant.inviteId : undefined;
  return {
    token: await tokens.issue(profile.id, grant.scope, inviteId),
    user: { ...profile, sessionScope: grant.scope },
  };
}
