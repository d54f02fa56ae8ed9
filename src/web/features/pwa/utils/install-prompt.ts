/**
 * The browser's install prompt, kept from the moment it is offered (often before React has
 * mounted) until it is used or the app is installed. Chromium-only: other browsers never offer
 * it, and the banner and button simply never show there.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Spec section 9: the banner looks again this long after the prompt is offered. */
export const PROMPT_RECHECK_DELAY_MS = 100;

let offered: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed(delayMs = 0) {
  setTimeout(() => {
    for (const listener of listeners) listener();
  }, delayMs);
}

/** Starts listening; call once, as early as the page starts. */
export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep the mini-infobar away: the banner offers installation in the portal's own words.
    event.preventDefault();
    offered = event as BeforeInstallPromptEvent;
    changed(PROMPT_RECHECK_DELAY_MS);
  });
  target.addEventListener('appinstalled', () => {
    offered = null;
    changed();
  });
}

export function installPromptAvailable(): boolean {
  return offered !== null;
}

export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows the browser's install dialog. Resolves whether the student accepted; an error is logged
 * and counts as not accepted (spec section 8). A prompt can be shown once, so it is spent either way.
 */
export async function promptInstall(): Promise<boolean> {
  const event = offered;
  if (!event) return false;
  offered = null;
  changed();
  try {
    await event.prompt();
    const { outcome } = await event.userChoice;
    return outcome === 'accepted';
  } catch (error) {
    console.error('Install prompt failed:', error);
    return false;
  }
}

/** Whether the portal is running as an installed app rather than in a browser tab. */
export function runningStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}
