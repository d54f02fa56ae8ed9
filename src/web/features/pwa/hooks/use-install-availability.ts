import { useSyncExternalStore } from 'react';
import {
  installPromptAvailable,
  onInstallPromptChange,
  runningStandalone,
} from '../utils/install-prompt.js';

/** Spec section 9: the install banner's conditions are looked at again every second. */
export const INSTALL_RECHECK_INTERVAL_MS = 1000;

function watch(onChange: () => void): () => void {
  const interval = setInterval(onChange, INSTALL_RECHECK_INTERVAL_MS);
  const unsubscribe = onInstallPromptChange(onChange);
  return () => {
    clearInterval(interval);
    unsubscribe();
  };
}

function check(): boolean {
  return installPromptAvailable() && !runningStandalone();
}

/**
 * Whether the portal can be installed now: a prompt is on offer and it is not installed already.
 * A page drawn at build time (scripts/page-shells), and its hydration, offer no installation.
 */
export function useInstallAvailability(): boolean {
  return useSyncExternalStore(watch, check, () => false);
}
