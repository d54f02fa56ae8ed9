import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';

/** passkey_credentials.device_type of a simulated passkey; a real one is singleDevice/multiDevice. */
export const SIMULATED_DEVICE_TYPE = 'simulated';

export const SIMULATED_PASSKEYS_UNAVAILABLE =
  'Simulated passkeys are not available on this server.';

/**
 * Simulated passkeys exist for demos and hosted previews, where the browser cannot make a real
 * passkey. A simulated passkey proves only that the browser kept a random secret, not that a
 * device checked the student, so they exist in demo mode only (which production refuses).
 * Throws a 400 a caller can show, before anything is read or stored, when they are off.
 */
export function assertSimulatedPasskeysAllowed(config: Pick<Config, 'demoMode'>): void {
  if (!config.demoMode) throw new HttpError(400, SIMULATED_PASSKEYS_UNAVAILABLE);
}

/** What the database keeps of a simulated passkey's secret, in the public-key column. */
export function hashSimulatedSecret(secret: Buffer): Buffer {
  return createHash('sha256').update(secret).digest();
}

/** Compares a presented secret with the stored hash in constant time. */
export function simulatedSecretMatches(presented: string, storedHash: Uint8Array): boolean {
  const hash = hashSimulatedSecret(Buffer.from(presented, 'base64url'));
  return hash.length === storedHash.length && timingSafeEqual(hash, storedHash);
}
