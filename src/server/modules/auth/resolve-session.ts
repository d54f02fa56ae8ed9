import type { TUserProfile } from '../../../shared/auth.js';
import type { Database } from '../../db/client.js';
import { findSessionStudent, type SessionStudent } from './find-session-student.js';
import type { SessionGrant } from './session-claims.js';

/** What a session or a lookup proof claims; a proof is no session yet, so it has no id to revoke. */
export type SessionToResolve = SessionGrant & {
  studentId: string;
  issuedAt: Date;
  sessionId?: string;
};

/**
 * Whether a student may be let in at all, by any path (a session, a passkey sign-in): they exist,
 * are not disabled, and are no demo person unless the server runs in demo mode. A demo person's
 * tokens, passkeys and invites outlive the mode they were made in; this is what refuses them once
 * it is off (docs/decisions/014).
 */
export function admitsStudent(
  found: SessionStudent | null,
  demoMode: boolean,
): found is SessionStudent {
  return found !== null && !found.disabled && (demoMode || !found.demo);
}

/**
 * The one place that decides whether a session still holds, for a token and for the lookup proof
 * that verify-user turns into one: the student may be let in (admitsStudent), the session was not
 * logged out (revoked_sessions) and was issued after the student's last revocation of all their
 * sessions (tokens_valid_after), an onboarding session's invite is still open, and a recovery
 * session's recovery too (neither completed nor expired). The student's first passkey uses that invite and a newer invite revokes it, so from then
 * on the onboarding session is refused everywhere: it cannot attach another passkey.
 * Answers the student as the session shows them, or null. `found`: the student's session columns
 * as read with the request (find-session-student.ts), null when the student is gone.
 */
export function judgeSession(
  claims: SessionToResolve,
  found: SessionStudent | null,
  demoMode: boolean,
): TUserProfile | null {
  if (!admitsStudent(found, demoMode) || found.sessionRevoked) return null;
  // A token issued in the very millisecond of a revocation is refused with the ones before it.
  if (found.tokensValidAfter !== null && claims.issuedAt <= found.tokensValidAfter) return null;
  if (claims.scope === 'onboarding' && !found.inviteOpen) return null;
  if (claims.scope === 'recovery') {
    if (found.openRecoveryResult === null) return null;
    // A recovery session is as verified as the recovery's own identity check, whatever the
    // student's onboarding check said: the steps it allows wait for that check alone.
    return {
      ...found.profile,
      faceVerified: found.openRecoveryResult === 'approved',
      verificationResult: found.openRecoveryResult,
      sessionScope: claims.scope,
    };
  }
  return { ...found.profile, sessionScope: claims.scope };
}

/** Reads the student a session belongs to and judges the session (judgeSession). */
export async function resolveSession(
  db: Database,
  claims: SessionToResolve,
  demoMode: boolean,
): Promise<TUserProfile | null> {
  const found = await findSessionStudent(db, claims.studentId, {
    inviteId: claims.scope === 'onboarding' ? claims.inviteId : null,
    recoveryId: claims.scope === 'recovery' ? claims.recoveryId : null,
    sessionId: claims.sessionId ?? null,
  });
  return judgeSession(claims, found, demoMode);
}
