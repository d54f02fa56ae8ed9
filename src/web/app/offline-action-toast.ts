import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../hooks/use-toast.js';
import { OFFLINE_ACTION_MESSAGE } from '../lib/offline-action-message.js';

/**
 * An action (a mutation) that fails while the device is offline says why in a toast, rather than
 * leave the student guessing: the query client runs actions at once offline instead of holding
 * them (lib/query-client.ts). Online, the failure is the page's own to explain. The cache rules stay
 * in lib, free of any UI; the app shell wires the toast in here. Returns the unsubscribe.
 */
export function toastActionsFailingOffline(client: QueryClient): () => void {
  return client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error' || navigator.onLine) return;
    toast({
      title: "You're offline",
      description: OFFLINE_ACTION_MESSAGE,
      variant: 'destructive',
    });
  });
}
