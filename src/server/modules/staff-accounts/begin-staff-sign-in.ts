import {
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { PASSKEY_TIMEOUT_MS } from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { storeChallenge } from '../passkeys/challenges.js';
import type { RelyingParty } from '../passkeys/relying-party.js';

/**
 * Usernameless staff sign-in: no allowCredentials, the authenticator offers the staff member's
 * passkey. The challenge serves a staff sign-in only.
 */
export async function beginStaffSignIn(
  db: Database,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: [],
  });
  await storeChallenge(db, options.challenge, {
    purpose: 'staff-authentication',
    studentId: null,
  });
  return options;
}
