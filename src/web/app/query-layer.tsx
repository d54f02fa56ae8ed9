import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client.js';
import { toastActionsFailingOffline } from './offline-action-toast.js';
import { rereadWhenWorkerTakesControl } from './reread-when-worker-controls.js';

// Once, with the cache: any page's action that fails offline says why, and a first visit's reads
// are kept for offline use once the worker controls the page.
toastActionsFailingOffline(queryClient);
rereadWhenWorkerTakesControl(queryClient);

/**
 * The app's query cache, for the pages that read the server through TanStack Query. It loads with
 * those pages (routes.tsx), never with the welcome page, and one cache serves them all.
 */
export function QueryLayer({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
