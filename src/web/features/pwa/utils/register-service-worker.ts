import { Workbox } from 'workbox-window';
import { i18n } from '../../../lib/i18n/i18n.js';
import { PWA_TEXTS } from '../pwa-texts.js';

/** An installed portal can stay open for days; it looks for a new version this often. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js with scope / (spec section 7). When a new version has installed and waits, the
 * student is asked (spec section 4); on yes the new worker takes over and the page reloads once
 * it controls it. A failed registration is only logged (spec section 8).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    if (!window.confirm(i18n._(PWA_TEXTS.updateAvailable))) return;
    workbox.addEventListener('controlling', () => {
      window.location.reload();
    });
    workbox.messageSkipWaiting();
  });
  try {
    await workbox.register();
    setInterval(() => void workbox.update(), UPDATE_CHECK_INTERVAL_MS);
  } catch (error) {
    console.error('Service worker registration failed:', error);
  }
}
