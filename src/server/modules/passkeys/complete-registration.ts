import { verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import type { z } from 'zod';
import type { ZRegistrationCredentialSchema } from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import type { SessionClaims } from '../auth/session-claims.js';
import { challengeOf, consumeChallenge } from './challenges.js';
import { PASSKEY_ALGORITHM_IDS, type RelyingParty } from './relying-party.js';
import { storePasskey } from './store-passkey.js';

// The contract's schema must describe exactly what SimpleWebAuthn verifies, so the two cannot drift.
type RegistrationCredential = z.infer<typeof ZRegistrationCredentialSchema>;
const asSimpleWebAuthn = (credential: RegistrationCredential): RegistrationResponseJSON =>
  credential;

export const REGISTRATION_EXPIRED =
  'This passkey request has expired or was already used. Please try again.';
export const REGISTRATION_NOT_VERIFIED = 'The passkey could not be verified. Please try again.';

/**
 * Uses up the registration challenge of this student, or refuses: one that is unknown, expired,
 * already used, made for sign-in or for another student. Real and simulated passkeys alike.
 */
export async function consumeRegistrationChallenge(
  db: Database,
  challenge: string | null,
  studentId: string,
): Promise<string> {
  if (
    !challenge ||
    !(await consumeChallenge(db, challenge, { purpose: 'registration', studentId }))
  ) {
    throw new HttpError(400, REGISTRATION_EXPIRED);
  }
  return challenge;
}

/** What the registration's request says of the new passkey, beside the credential. */
export interface RegistrationDetails {
  /** The passkey's name (passkeyNameFrom). */
  name: string;
  signOutOtherDevices: boolean;
  /** The caller's address, for the audit log of a recovery it completes. */
  address: string;
}

/**
 * Verifies a new passkey for the student of `session` and stores it with its audit row in one
 * transaction (storePasskey), which also uses up the invite of an onboarding session and completes
 * the recovery of a recovery session.
 */
export async function completeRegistration(
  db: Database,
  rp: RelyingParty,
  session: SessionClaims,
  credential: RegistrationCredential,
  { name, ...details }: RegistrationDetails,
): Promise<void> {
  const challenge = await consumeRegistrationChallenge(
    db,
    challengeOf(credential.response.clientDataJSON),
    session.studentId,
  );
  const verification = await verifyRegistrationResponse({
    response: asSimpleWebAuthn(credential),
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    supportedAlgorithmIDs: PASSKEY_ALGORITHM_IDS,
  }).catch(() => null);
  if (!verification?.verified) throw new HttpError(400, REGISTRATION_NOT_VERIFIED);
  const info = verification.registrationInfo;

  await storePasskey(
    db,
    session,
    {
      id: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name,
    },
    details,
  );
}
