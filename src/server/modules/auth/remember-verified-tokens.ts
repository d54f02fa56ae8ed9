import type { SessionClaims, SessionTokenSigner } from './session-claims.js';

/**
 * More tokens than one instance sees in a token's lifetime at this portal's scale; past it the
 * oldest is dropped and verified again if it comes back. About 1 KB each (token and claims).
 */
export const REMEMBERED_TOKENS = 5_000;

/**
 * Verifies each token's signature once. jose checks the HMAC through WebCrypto, which sends every
 * verify to libuv's thread pool and back, a fifth of a signed-in read's CPU under load
 * (docs/performance.md, "Measurements behind the code"), while a student's browser sends the same token with every
 * call until it expires. A token's signature and claims cannot change, so the claims of a token
 * that passed are kept, by the exact token string, and answered until the token expires. What can
 * change (logout, revocation, disabling) is not here: every request still checks it in the
 * database (resolve-session.ts). A token that fails is not kept.
 */
export function rememberVerifiedTokens(
  signer: SessionTokenSigner,
  capacity = REMEMBERED_TOKENS,
): SessionTokenSigner {
  const verified = new Map<string, Readonly<SessionClaims>>();
  return {
    issue: (studentId, scope, inviteId, authenticatedAt) =>
      signer.issue(studentId, scope, inviteId, authenticatedAt),
    issueRecovery: (studentId, recoveryId) => signer.issueRecovery(studentId, recoveryId),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt.getTime() > Date.now()) return known;
        verified.delete(token);
        return null;
      }
      const claims = await signer.verify(token);
      if (!claims) return null;
      if (verified.size >= capacity) {
        const oldest = verified.keys().next();
        if (!oldest.done) verified.delete(oldest.value);
      }
      // One object answers every request with this token: frozen, so none changes it for the next.
      verified.set(token, Object.freeze(claims));
      return claims;
    },
  };
}
