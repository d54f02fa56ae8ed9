import { installPromptAvailable, runningStandalone } from './install-prompt.js';
import { checkManifest } from './check-manifest.js';

export type DiagnosticStatus = 'ok' | 'problem' | 'info';

export interface Diagnostic {
  label: string;
  status: DiagnosticStatus;
  detail: string;
}

/**
 * Everything /pwa-debug shows (spec section 2), worded to be read out over a phone call.
 * Each check stands alone: one that fails to run reports its error, the others still run.
 */
export async function collectDiagnostics(): Promise<Diagnostic[]> {
  return Promise.all([
    secureContext(),
    guarded('Manifest', manifest),
    guarded('Service worker', serviceWorker),
    displayMode(),
    installPrompt(),
    connection(),
    guarded('Offline storage', offlineStorage),
  ]);
}

async function guarded(label: string, check: () => Promise<Diagnostic>): Promise<Diagnostic> {
  try {
    return await check();
  } catch (error) {
    return { label, status: 'problem', detail: `Could not check: ${String(error)}` };
  }
}

async function secureContext(): Promise<Diagnostic> {
  return window.isSecureContext
    ? { label: 'Secure connection', status: 'ok', detail: `Yes (${location.origin})` }
    : {
        label: 'Secure connection',
        status: 'problem',
        detail: `No: ${location.origin} is not HTTPS, so the app cannot be installed or work offline.`,
      };
}

async function manifest(): Promise<Diagnostic> {
  const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
  if (!href) return { label: 'Manifest', status: 'problem', detail: 'The page names no manifest.' };
  const response = await fetch(href, { cache: 'no-store' });
  if (!response.ok) {
    return { label: 'Manifest', status: 'problem', detail: `${href} answered ${response.status}.` };
  }
  const result = checkManifest(await response.json());
  return { label: 'Manifest', status: result.ok ? 'ok' : 'problem', detail: result.detail };
}

async function serviceWorker(): Promise<Diagnostic> {
  const label = 'Service worker';
  if (!('serviceWorker' in navigator)) {
    return { label, status: 'problem', detail: 'This browser does not support service workers.' };
  }
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration) return { label, status: 'problem', detail: 'Not registered.' };
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  const parts = [
    `scope ${registration.scope}`,
    `state ${worker?.state ?? 'none'}`,
    navigator.serviceWorker.controller ? 'controls this page' : 'does not control this page yet',
  ];
  if (registration.waiting) parts.push('a new version is waiting');
  return {
    label,
    status: registration.active ? 'ok' : 'problem',
    detail: parts.join(', '),
  };
}

async function displayMode(): Promise<Diagnostic> {
  const mode = ['standalone', 'minimal-ui', 'fullscreen'].find(
    (m) => window.matchMedia(`(display-mode: ${m})`).matches,
  );
  return {
    label: 'Display mode',
    status: 'info',
    detail: runningStandalone()
      ? `Installed app (${mode ?? 'standalone'})`
      : 'Browser tab (not installed, or opened from the browser)',
  };
}

async function installPrompt(): Promise<Diagnostic> {
  return {
    label: 'Install prompt',
    status: 'info',
    detail: installPromptAvailable()
      ? 'Available: the Install button can be used.'
      : 'Not offered by the browser (already installed, not supported, or not yet).',
  };
}

async function connection(): Promise<Diagnostic> {
  return {
    label: 'Connection',
    status: 'info',
    detail: navigator.onLine ? 'Online' : 'Offline',
  };
}

async function offlineStorage(): Promise<Diagnostic> {
  const label = 'Offline storage';
  if (typeof caches === 'undefined') {
    return { label, status: 'info', detail: 'No cache storage in this browser.' };
  }
  const names = await caches.keys();
  const sizes = await Promise.all(
    names.map(async (name) => `${name}: ${(await (await caches.open(name)).keys()).length} items`),
  );
  // Storage estimates exist only in secure contexts, whatever the types say.
  const estimate = 'storage' in navigator ? await navigator.storage.estimate() : undefined;
  const usage = estimate?.usage === undefined ? '' : `; ${formatMegabytes(estimate.usage)} used`;
  return {
    label,
    status: 'info',
    detail: names.length === 0 ? `No caches${usage}` : `${sizes.join('; ')}${usage}`,
  };
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The checks as plain text, for the clipboard. */
export function diagnosticsReport(diagnostics: Diagnostic[]): string {
  return [
    `Install diagnostics, ${new Date().toISOString()}`,
    navigator.userAgent,
    ...diagnostics.map((d) => `${d.label}: ${d.status.toUpperCase()} - ${d.detail}`),
  ].join('\n');
}
