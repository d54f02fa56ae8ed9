import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online, kept current. */
export function useOnline(): boolean {
  // The page drawn at build time (and its hydration) assumes online; the browser's own answer follows.
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
