import {
  ZSimulatedCredentialSchema,
  type TSimulatedCredential,
} from '../../../../shared/passkeys.js';
import { readStorage, writeStorage } from '../../../lib/browser-storage.js';
import { LOCAL_STORAGE_KEYS } from '../../../lib/storage-keys.js';

/*
 * The simulated passkey is what the server answered when it made a passkey for a browser that
 * cannot make a real one. Its secret signs in as the student; that is acceptable only because
 * simulated passkeys exist only in demo mode, never in production. A new one replaces the old.
 */

/** The simulated passkey this browser keeps, or null when there is none (or it is unreadable). */
export function readSimulatedPasskey(): TSimulatedCredential | null {
  const raw = readStorage('local', LOCAL_STORAGE_KEYS.simulatedPasskey);
  if (!raw) return null;
  try {
    const parsed = ZSimulatedCredentialSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeSimulatedPasskey(passkey: TSimulatedCredential): void {
  writeStorage(
    'local',
    LOCAL_STORAGE_KEYS.simulatedPasskey,
    JSON.stringify({ id: passkey.id, secret: passkey.secret }),
  );
}
