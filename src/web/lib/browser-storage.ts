/**
 * Web storage that never throws: some browsers (private modes, storage disabled by policy) throw
 * on any access to sessionStorage or localStorage, and a student should still reach the welcome
 * screen there, only without a remembered session.
 */
type StorageArea = 'session' | 'local';

function area(which: StorageArea): Storage | null {
  try {
    return which === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}

export function readStorage(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(which: StorageArea, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Full or disabled storage: the value lives only as long as the page's memory.
  }
}

export function removeStorage(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing stored where storage is disabled.
  }
}
