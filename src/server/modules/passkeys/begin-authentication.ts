import {
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { PASSKEY_TIMEOUT_MS } from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { storeChallenge } from './challenges.js';
import { realPasskeysOf } from './real-passkeys.js';
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

/**
 * "Confirm it's you" for a signed-in student (decision 013): the same ceremony as a sign-in, but
 * only the student's own passkeys are offered and the challenge is bound to them, as a
 * confirmation, so it can neither sign anyone in nor confirm another student.
 */
export async function beginConfirmation(
  db: Database,
  rp: RelyingParty,
  studentId: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: PASSKEY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: await realPasskeysOf(db, studentId),
  });
  await storeChallenge(db, options.challenge, { purpose: 'confirmation', studentId });
  return options;
}
