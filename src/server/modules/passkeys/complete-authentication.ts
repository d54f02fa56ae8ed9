import {
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZAuthenticationCredentialSchema } from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { passkeyCredentials } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { challengeOf, consumeChallenge, type ChallengeBinding } from './challenges.js';
import type { RelyingParty } from './relying-party.js';
import { SIMULATED_DEVICE_TYPE } from './simulated-passkeys.js';

type AuthenticationCredential = z.infer<typeof ZAuthenticationCredentialSchema>;
const asSimpleWebAuthn = (credential: AuthenticationCredential): AuthenticationResponseJSON =>
  credential;

/** One answer for every failed sign-in, so a caller learns nothing about which part failed. */
export const SIGN_IN_REFUSED = 'Authentication failed. Please try again.';

/**
 * Verifies a passkey sign-in and returns the student it belongs to; every failure is the same 401
 * (SIGN_IN_REFUSED).
 */
export async function completeAuthentication(
  db: Database,
  rp: RelyingParty,
  credential: AuthenticationCredential,
): Promise<string> {
  const studentId = await verifyAssertion(db, rp, credential, {
    purpose: 'authentication',
    studentId: null,
  });
  if (studentId === null) throw new HttpError(401, SIGN_IN_REFUSED);
  return studentId;
}

/**
 * Verifies a passkey assertion made for a challenge of `binding` and answers the student whose
 * passkey made it, or null. For a binding to a student (a confirmation), only that student's own
 * passkey is accepted. User verification is required here even though the options only prefer
 * it: a passkey without it is refused. The counter is moved forward only from the value that was
 * verified, so two concurrent replays cannot both pass.
 */
export async function verifyAssertion(
  db: Database,
  rp: RelyingParty,
  credential: AuthenticationCredential,
  binding: ChallengeBinding,
): Promise<string | null> {
  const challenge = challengeOf(credential.response.clientDataJSON);
  if (!challenge || !(await consumeChallenge(db, challenge, binding))) return null;
  const [stored] = await db
    .select()
    .from(passkeyCredentials)
    .where(eq(passkeyCredentials.id, credential.id))
    .limit(1);
  // A simulated passkey has no public key to verify a signature with, only a hashed secret.
  if (!stored || stored.deviceType === SIMULATED_DEVICE_TYPE) return null;
  if (binding.studentId !== null && stored.studentId !== binding.studentId) return null;

  const verification = await verifyAuthenticationResponse({
    response: asSimpleWebAuthn(credential),
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: stored.id,
      publicKey: new Uint8Array(stored.publicKey),
      counter: stored.counter,
      transports: stored.transports,
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) return null;

  const moved = await db
    .update(passkeyCredentials)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(
      and(eq(passkeyCredentials.id, stored.id), eq(passkeyCredentials.counter, stored.counter)),
    )
    .returning({ id: passkeyCredentials.id });
  return moved.length === 0 ? null : stored.studentId;
}
