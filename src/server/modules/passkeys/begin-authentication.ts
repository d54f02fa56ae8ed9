import {
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { PASSKEY_TIMEOUT_MS } from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { storeChallenge } from './challenges.js';
import type { RelyingParty } from './relying-party.js';

/** Usernameless sign-in: no allowCredentials, the authenticator offers the student's passkey. */
export async function beginAuthentication(
  db: Database,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: [],
  });
  await storeChallenge(db, options.challenge, { purpose: 'authentication', studentId: null });
  return options;
}
