import { useEffect, useState } from 'react';
import {
  installPromptAvailable,
  onInstallPromptChange,
  runningStandalone,
} from '../utils/install-prompt.js';

/** Spec section 9: the install banner's conditions are looked at again every second. */
export const INSTALL_RECHECK_INTERVAL_MS = 1000;

/** Whether the portal can be installed now: a prompt is on offer and it is not installed already. */
export function useInstallAvailability(): boolean {
  const [installable, setInstallable] = useState(check);
  useEffect(() => {
    const recheck = () => {
      setInstallable(check());
    };
    const interval = setInterval(recheck, INSTALL_RECHECK_INTERVAL_MS);
    const unsubscribe = onInstallPromptChange(recheck);
    return () => {
      clearInterval(interval);
      unsubscribe();
    };
  }, []);
  return installable;
}

function check(): boolean {
  return installPromptAvailable() && !runningStandalone();
}
