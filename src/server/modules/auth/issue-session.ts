import type { TLoginResponse } from '../../../shared/auth.js';
import type { SessionStudent } from './find-session-student.js';
import type { SessionGrant, SessionTokenSigner } from './session-claims.js';

function tokenFor(tokens: SessionTokenSigner, studentId: string, grant: SessionGrant) {
  switch (grant.scope) {
    case 'onboarding':
      return tokens.issue(studentId, grant.scope, grant.inviteId);
    case 'recovery':
      return tokens.issueRecovery(studentId, grant.recoveryId);
    case 'student':
      return tokens.issue(studentId, grant.scope, undefined, grant.authenticatedAt);
  }
}

/** What every sign-in answers (spec section 3, "Login response"): a token and the student. */
export async function issueSession(
  tokens: SessionTokenSigner,
  profile: SessionStudent['profile'],
  grant: SessionGrant,
): Promise<TLoginResponse> {
  const token = await tokenFor(tokens, profile.id, grant);
  return {
    token,
    user: { ...profile, sessionScope: grant.scope },
  };
}
