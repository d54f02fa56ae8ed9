import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Proof, kept by the browser in an HttpOnly cookie, that it matched a student's invite, passport
 * and birth date a moment ago. verify-user exchanges it for an onboarding session, so a student id
 * alone never yields one.
 */
export const LOOKUP_PROOF_COOKIE = 'onboarding_proof';
export const LOOKUP_PROOF_TTL_SECONDS = 15 * 60;
const AUDIENCE = 'student-portal/lookup-proof';

export interface LookupProofSigner {
  issue(studentId: string): Promise<string>;
  /** The student id the proof was issued for, or null when it is missing, expired or forged. */
  verify(proof: string | undefined): Promise<string | null>;
}

export function createLookupProofSigner(secret: string): LookupProofSigner {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (studentId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(studentId)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${LOOKUP_PROOF_TTL_SECONDS}s`)
        .sign(key),
    async verify(proof) {
      if (!proof) return null;
      try {
        const { payload } = await jwtVerify(proof, key, {
          algorithms: ['HS256'],
          audience: AUDIENCE,
        });
        return payload.sub ?? null;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
