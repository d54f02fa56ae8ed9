import type { TUserProfile } from '../../../shared/auth.js';
import type { Database } from '../../db/client.js';
import { findSessionStudent } from './find-session-student.js';
import type { SessionClaims } from './session-token.js';

/**
 * The one place that decides whether a session still holds, for a token and for the lookup proof
 * that verify-user turns into one: the student exists and is not disabled, the session was issued
 * after their last revocation (tokens_valid_after), and an onboarding session's invite is still
 * open. The student's first passkey uses that invite and a newer invite revokes it, so from then
 * on the onboarding session is refused everywhere: it cannot attach another passkey.
 * Answers the student as the session shows them, or null.
 */
export async function resolveSession(
  db: Database,
  claims: SessionClaims,
): Promise<TUserProfile | null> {
  const found = await findSessionStudent(
    db,
    claims.studentId,
    claims.scope === 'onboarding' ? claims.inviteId : null,
  );
  if (!found || found.disabled) return null;
  if (found.tokensValidAfter !== null && claims.issuedAt < found.tokensValidAfter) return null;
  if (claims.scope === 'onboarding' && !found.inviteOpen) return null;
  return { ...found.profile, sessionScope: claims.scope };
}
