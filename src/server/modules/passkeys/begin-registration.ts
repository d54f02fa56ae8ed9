import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/server';
import { PASSKEY_TIMEOUT_MS } from '../../../shared/passkeys.js';
import type { TUserProfile } from '../../../shared/auth.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { storeChallenge } from './challenges.js';
import { realPasskeysOf } from './real-passkeys.js';
import { PASSKEY_ALGORITHM_IDS, type RelyingParty } from './relying-party.js';

/**
 * Who may attach a passkey: a signed-in student (who, once they hold one, must have confirmed it
 * is them recently: proofToAddPasskey), or a student in onboarding who has passed the identity
 * check (an onboarding session holds only until its invite is used by the first passkey:
 * resolveSession refuses it after that), or a student recovering their account who has passed the
 * recovery's own identity check (until its passkey completes it). The session decides whose account it is; a username or
 * id in the request never does (it may only confirm the session's student).
 */
export function assertMayRegister(student: TUserProfile, claimedUserId: string | undefined): void {
  if (student.sessionScope !== 'student' && !student.faceVerified) {
    throw new HttpError(403, 'Please complete identity verification before creating a passkey.');
  }
  if (claimedUserId !== undefined && claimedUserId !== student.id) {
    throw new HttpError(
      403,
      'This passkey request does not match your session. Please sign up again.',
    );
  }
}

export async function beginRegistration(
  db: Database,
  rp: RelyingParty,
  student: TUserProfile,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await realPasskeysOf(db, student.id);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: student.email ?? student.id,
    userID: Buffer.from(student.id.replaceAll('-', ''), 'hex'),
    userDisplayName: `${student.firstName} ${student.lastName}`,
    timeout: PASSKEY_TIMEOUT_MS,
    supportedAlgorithmIDs: PASSKEY_ALGORITHM_IDS,
    // Spec section 9: a platform authenticator, discoverable, verifying the user, no attestation.
    attestationType: 'none',
    authenticatorSelection: {
      authenticatorAttachment: 'platform',
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
  });
  await storeChallenge(db, options.challenge, { purpose: 'registration', studentId: student.id });
  return options;
}
