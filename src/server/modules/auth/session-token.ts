import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'student-portal';
const AUDIENCE = 'student-portal/api';
// Only HS256 is accepted: a token claiming `none` or another algorithm fails verification.
const ALGORITHMS = ['HS256'];

/**
 * 'student': a full session (passkey, or demo login).
 * 'onboarding': from the invite lookup; good only for the identity check and passkey registration,
 * so a stolen lookup cannot read the student's records before they hold a passkey.
 */
export type SessionScope = 'student' | 'onboarding';
const SCOPES: readonly SessionScope[] = ['student', 'onboarding'];

export interface SessionClaims {
  studentId: string;
  scope: SessionScope;
  issuedAt: Date;
}

export interface SessionTokenSigner {
  issue(studentId: string, scope: SessionScope): Promise<string>;
  /** The claims of a valid token, or null when it is missing, expired or forged. */
  verify(token: string): Promise<SessionClaims | null>;
}

export function createSessionTokenSigner(secret: string, ttlSeconds: number): SessionTokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (studentId, scope) =>
      new SignJWT({ scope })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(studentId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ALGORITHMS,
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'iat', 'exp'],
        });
        const scope = SCOPES.find((s) => s === payload.scope);
        if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number' || !scope)
          return null;
        return { studentId: payload.sub, scope, issuedAt: new Date(payload.iat * 1000) };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
