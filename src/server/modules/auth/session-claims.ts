/**
 * 'student': a full session (passkey, or demo login).
 * 'onboarding': from the invite lookup; good only for the identity check and passkey registration,
 * so a stolen lookup cannot read the student's records before they hold a passkey.
 * 'recovery': from account recovery's lookup (passport number and birth date); good for the same
 * two steps, with the recovery's own identity check (docs/decisions/022).
 */
export type SessionScope = 'student' | 'onboarding' | 'recovery';

interface CommonClaims {
  studentId: string;
  /** The token's own id (claim `jti`), so a logout can end this one session (revoked_sessions). */
  sessionId: string;
  /** To the millisecond, so a revocation (students.tokens_valid_after) cuts at its instant. */
  issuedAt: Date;
  expiresAt: Date;
}

/**
 * What a session is for. An onboarding session names the invite its lookup matched (claim
 * `invite`), so it ends when that invite is used by the student's first passkey or revoked by a
 * newer invite (resolveSession decides).
 */
export type SessionGrant =
  | {
      scope: 'student';
      /**
       * When the student last proved it is them with a passkey in this session (claim `auth_time`):
       * a passkey sign-in or a confirmation. Null or absent for a demo login, or a session this was
       * never proved in. Adding or removing a passkey needs it recent (decision 013).
       */
      authenticatedAt?: Date | null;
    }
  | { scope: 'onboarding'; inviteId: number }
  /** A recovery session names its recovery (claim `recovery`): it ends when the recovery does. */
  | { scope: 'recovery'; recoveryId: string };

export type SessionClaims = CommonClaims & SessionGrant;

export interface SessionTokenSigner {
  /**
   * `inviteId` is the invite an onboarding session comes from; an onboarding token without one is
   * refused by verify, since nothing could ever end it. `authenticatedAt`: a full session's
   * `auth_time`, when it has one.
   */
  issue(
    studentId: string,
    scope: 'student' | 'onboarding',
    inviteId?: number,
    authenticatedAt?: Date | null,
  ): Promise<string>;
  /** A recovery session's token, bound to its recovery as an onboarding token is to its invite. */
  issueRecovery(studentId: string, recoveryId: string): Promise<string>;
  /** The claims of a valid token, or null when it is missing, expired, forged or incomplete. */
  verify(token: string): Promise<SessionClaims | null>;
}
