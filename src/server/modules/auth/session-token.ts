import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { rememberVerifiedTokens } from './remember-verified-tokens.js';
import type { SessionScope, SessionTokenSigner } from './session-claims.js';

const ISSUER = 'student-portal';
const AUDIENCE = 'student-portal/api';
// Only HS256 is accepted: a token claiming `none` or another algorithm fails verification.
const ALGORITHMS = ['HS256'];
/**
 * Clocks of several instances differ by a little: an issue time up to this far ahead is taken as
 * now. Further ahead it is refused, since a token issued "later" than a revocation
 * (students.tokens_valid_after) would outlive it.
 */
const CLOCK_SKEW_SECONDS = 30;

const SCOPES: readonly SessionScope[] = ['student', 'onboarding', 'recovery'];
// Students' ids and revoked_sessions.session_id are uuid columns: any other sub or jti could never
// have been issued here, and a read batched with other requests' (session-checked-read.ts) casts
// them to uuid.
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createSessionTokenSigner(secret: string, ttlSeconds: number): SessionTokenSigner {
  // Imported once: jose given raw bytes imports the key again on every sign and verify, which
  // more than doubled a verify's time (docs/performance.md, "Measurements behind the code").
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const sign = async (studentId: string, claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(studentId)
      .setJti(randomUUID())
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      // Whole seconds would let a token issued just before a revocation, in the same second,
      // outlive it, or refuse one issued just after it.
      .setIssuedAt(Date.now() / 1000)
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(await key);
  return rememberVerifiedTokens({
    issue: (studentId, scope, inviteId, authenticatedAt) =>
      sign(
        studentId,
        scope === 'onboarding'
          ? { scope, invite: inviteId }
          : { scope, ...(authenticatedAt ? { auth_time: authenticatedAt.getTime() / 1000 } : {}) },
      ),
    issueRecovery: (studentId, recoveryId) =>
      sign(studentId, { scope: 'recovery', recovery: recoveryId }),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ALGORITHMS,
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'jti', 'iat', 'exp'],
          // However far its `exp` says, a token lives no longer than a session does.
          maxTokenAge: ttlSeconds,
          clockTolerance: CLOCK_SKEW_SECONDS,
        });
        const { sub, jti, iat, exp } = payload;
        const scope = SCOPES.find((s) => s === payload.scope);
        if (
          typeof sub !== 'string' ||
          !UUID_SHAPE.test(sub) ||
          typeof jti !== 'string' ||
          !UUID_SHAPE.test(jti) ||
          typeof iat !== 'number' ||
          typeof exp !== 'number' ||
          !scope
        )
          return null;
        const expiresAt = new Date(Math.min(exp, iat + ttlSeconds) * 1000);
        // The skew is for the issue time only: past its end a token is refused at once, as a
        // logout keeps its id in revoked_sessions only until then.
        if (expiresAt.getTime() <= Date.now()) return null;
        const common = {
          studentId: sub,
          sessionId: jti,
          issuedAt: new Date(iat * 1000),
          expiresAt,
        };
        if (scope === 'student') {
          // Never later than the token itself: a session cannot have been proved after it began.
          const authTime = payload.auth_time;
          const authenticatedAt =
            typeof authTime === 'number' && authTime <= iat ? new Date(authTime * 1000) : null;
          return { ...common, scope, authenticatedAt };
        }
        if (scope === 'recovery') {
          const recoveryId = payload.recovery;
          return typeof recoveryId === 'string' && UUID_SHAPE.test(recoveryId)
            ? { ...common, scope, recoveryId }
            : null;
        }
        const inviteId = payload.invite;
        return typeof inviteId === 'number' && Number.isSafeInteger(inviteId)
          ? { ...common, scope, inviteId }
          : null;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  });
}
