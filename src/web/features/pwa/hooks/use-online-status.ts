import { useEffect } from 'react';
import { useOnline } from '../../../hooks/use-online.js';

/**
 * Whether the browser says it is online, kept current; while offline the page carries the
 * `offline` class on <html>, which gives it the offline style (styles.css).
 */
export function useOnlineStatus(): boolean {
  const online = useOnline();
  useEffect(() => {
    document.documentElement.classList.toggle('offline', !online);
  }, [online]);
  return online;
}
