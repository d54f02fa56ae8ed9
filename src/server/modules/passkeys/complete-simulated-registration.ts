import { randomBytes } from 'node:crypto';
import {
  SIMULATED_CREDENTIAL_ID_PREFIX,
  type TSimulatedCredential,
} from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import type { SessionClaims } from '../auth/session-claims.js';
import { consumeRegistrationChallenge, type RegistrationDetails } from './complete-registration.js';
import { hashSimulatedSecret, SIMULATED_DEVICE_TYPE } from './simulated-passkeys.js';
import { storePasskey } from './store-passkey.js';

/**
 * Demo mode only (the caller checks the gate, assertSimulatedPasskeysAllowed): makes a simulated passkey
 * for a browser that cannot make a real one. The challenge is used up exactly as a real
 * registration's is; the passkey is stored like a real one (audit row, an onboarding's invite
 * used, one transaction), with the SHA-256 of a random secret where a real one keeps its public key.
 * Answers the id and the secret; the secret is not kept anywhere on the server.
 */
export async function completeSimulatedRegistration(
  db: Database,
  session: SessionClaims,
  challenge: string,
  { name, ...details }: RegistrationDetails,
): Promise<TSimulatedCredential> {
  await consumeRegistrationChallenge(db, challenge, session.studentId);
  const secret = randomBytes(32);
  const id = `${SIMULATED_CREDENTIAL_ID_PREFIX}${randomBytes(32).toString('base64url')}`;
  await storePasskey(
    db,
    session,
    {
      id,
      publicKey: hashSimulatedSecret(secret),
      counter: 0,
      transports: [],
      deviceType: SIMULATED_DEVICE_TYPE,
      backedUp: false,
      name: `${name} (simulated)`,
    },
    details,
  );
  return { id, secret: secret.toString('base64url') };
}
