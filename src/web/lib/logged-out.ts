import { useState } from 'react';
import { readStorage, removeStorage, writeStorage } from './browser-storage.js';
import { SESSION_STORAGE_KEYS } from './storage-keys.js';

/** Notes that the student just logged out, for home to say so (after the session keys went). */
export const noteLoggedOut = (): void => {
  writeStorage('session', SESSION_STORAGE_KEYS.justLoggedOut, 'true');
};

/** Whether this page follows 'Log Out': said once, as the note is taken (a reload forgets it). */
export function useJustLoggedOut(): boolean {
  const [justLoggedOut] = useState(() => {
    const noted = readStorage('session', SESSION_STORAGE_KEYS.justLoggedOut) === 'true';
    removeStorage('session', SESSION_STORAGE_KEYS.justLoggedOut);
    return noted;
  });
  return justLoggedOut;
}
