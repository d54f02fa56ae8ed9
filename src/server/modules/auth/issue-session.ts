import type { TLoginResponse } from '../../../shared/auth.js';
import type { SessionStudent } from './find-session-student.js';
import type { SessionScope, SessionTokenSigner } from './session-token.js';

/** What every sign-in answers (spec section 3, "Login response"): a token and the student. */
export async function issueSession(
  tokens: SessionTokenSigner,
  profile: SessionStudent['profile'],
  scope: SessionScope,
): Promise<TLoginResponse> {
  return {
    token: await tokens.issue(profile.id, scope),
    user: { ...profile, sessionScope: scope },
  };
}
