import { useEffect, useSyncExternalStore } from 'react';
import { LANDING_API_PATHS } from '../../shared/landing-api-paths.js';
import type { TPublicConfigResponse } from '../../shared/public-config.js';
import { apiRequest } from './api-client.js';
import { writeStorage } from './browser-storage.js';
import { SESSION_STORAGE_KEYS } from './storage-keys.js';

/**
 * How the server runs (demo mode, simulated passkeys), read once per page load before anyone
 * signs in and shared by every page that asks; a failed read is tried again by the next page that
 * asks. Kept out of the query cache on purpose: the welcome page reads it, and its first load
 * carries none of TanStack Query (docs/decisions/008).
 */
type PublicConfigState =
  { status: 'idle' | 'pending' | 'error' } | { status: 'success'; data: TPublicConfigResponse };

const NOT_READ: PublicConfigState = { status: 'idle' };
let state: PublicConfigState = NOT_READ;
let request: Promise<void> | undefined;
const listeners = new Set<() => void>();

function update(next: PublicConfigState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function readPublicConfig(): void {
  if (state.status === 'pending' || state.status === 'success') return;
  update({ status: 'pending' });
  const current = apiRequest('GET', LANDING_API_PATHS.publicConfig)
    .then((res) => res.json() as Promise<TPublicConfigResponse>)
    .then(
      (data) => {
        if (request !== current) return;
        writeStorage('session', SESSION_STORAGE_KEYS.demoMode, String(data.demoMode));
        update({ status: 'success', data });
      },
      () => {
        if (request === current) update({ status: 'error' });
      },
    );
  request = current;
}

/** A new page load, as far as the config goes: tests start each case with nothing read. */
export function forgetPublicConfig(): void {
  request = undefined;
  state = NOT_READ;
}

export interface PublicConfig {
  data?: TPublicConfigResponse;
  /** True until the server has answered or failed to (and while `enabled` is false). */
  isPending: boolean;
}

export function usePublicConfig({ enabled = true }: { enabled?: boolean } = {}): PublicConfig {
  // Drawn at build time (scripts/page-shells), the page has read nothing yet.
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => NOT_READ,
  );
  useEffect(() => {
    if (enabled) readPublicConfig();
  }, [enabled]);
  return current.status === 'success'
    ? { data: current.data, isPending: false }
    : { isPending: current.status !== 'error' };
}
