import { useEffect, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser says it is online, kept current; while offline the page carries the
 * `offline` class on <html>, which gives it the offline style (styles.css).
 */
export function useOnlineStatus(): boolean {
  // The page drawn at build time (and its hydration) assumes online; the browser's own answer follows.
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  useEffect(() => {
    document.documentElement.classList.toggle('offline', !online);
  }, [online]);
  return online;
}
