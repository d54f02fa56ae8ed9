import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Proof, kept by the browser in an HttpOnly cookie, that it matched a student's invite, passport
 * and birth date a moment ago. verify-user exchanges it for an onboarding session, so a student id
 * alone never yields one.
 */
export const LOOKUP_PROOF_COOKIE = 'onboarding_proof';
export const LOOKUP_PROOF_TTL_SECONDS = 15 * 60;
const AUDIENCE = 'student-portal/lookup-proof';

export interface LookupProof {
  studentId: string;
  /** The invite the lookup matched: the onboarding session made from the proof is bound to it. */
  inviteId: number;
  /** To the millisecond, as a session token's, so a revocation cuts proofs at its instant too. */
  issuedAt: Date;
}

export interface LookupProofSigner {
  issue(studentId: string, inviteId: number): Promise<string>;
  /** What the proof proves, or null when it is missing, expired, forged or incomplete. */
  verify(proof: string | undefined): Promise<LookupProof | null>;
}

export function createLookupProofSigner(secret: string): LookupProofSigner {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (studentId, inviteId) =>
      new SignJWT({ invite: inviteId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(studentId)
        .setAudience(AUDIENCE)
        .setIssuedAt(Date.now() / 1000)
        .setExpirationTime(`${LOOKUP_PROOF_TTL_SECONDS}s`)
        .sign(key),
    async verify(proof) {
      if (!proof) return null;
      try {
        const { payload } = await jwtVerify(proof, key, {
          algorithms: ['HS256'],
          audience: AUDIENCE,
          requiredClaims: ['sub', 'iat', 'exp'],
        });
        const { sub, iat, invite } = payload;
        if (typeof sub !== 'string' || typeof iat !== 'number') return null;
        if (typeof invite !== 'number' || !Number.isSafeInteger(invite)) return null;
        return { studentId: sub, inviteId: invite, issuedAt: new Date(iat * 1000) };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
