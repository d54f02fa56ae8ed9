import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/server';
import { PASSKEY_TIMEOUT_MS } from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { storeChallenge } from '../passkeys/challenges.js';
import { PASSKEY_ALGORITHM_IDS, type RelyingParty } from '../passkeys/relying-party.js';
import { findOpenEnrolmentLink } from './enrolment-links.js';

/**
 * The options to register a staff member's passkey, for the account of an open enrolment link
 * (or a 410). The same relying party and the same demands as a student's passkey: a platform
 * authenticator, discoverable (sign-in asks for no name), verifying the user, no attestation.
 * The challenge is bound to the account, for a staff registration only.
 */
export async function beginStaffEnrolment(
  db: Database,
  rp: RelyingParty,
  token: string,
): Promise<{ name: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const link = await findOpenEnrolmentLink(db, token);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: link.email,
    userID: Buffer.from(link.staffId.replaceAll('-', ''), 'hex'),
    userDisplayName: link.name,
    timeout: PASSKEY_TIMEOUT_MS,
    supportedAlgorithmIDs: PASSKEY_ALGORITHM_IDS,
    attestationType: 'none',
    authenticatorSelection: {
      authenticatorAttachment: 'platform',
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    },
  });
  await storeChallenge(db, options.challenge, {
    purpose: 'staff-registration',
    studentId: null,
    staffId: link.staffId,
  });
  return { name: link.name, options };
}
