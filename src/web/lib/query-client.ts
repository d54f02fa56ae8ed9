import { QueryClient, onlineManager } from '@tanstack/react-query';
import { getQueryFn } from './api-client.js';
import { clearOnLogout } from './auth.js';

/**
 * The cache rules of spec section 7: cached data never goes stale unless a query says otherwise
 * (wait times, university and agency details set their own staleTime), and nothing retries,
 * polls or refetches on window focus.
 *
 * Offline, reads still run: the service worker answers them with the last good response (decision 007),
 * where the library's default would pause them and leave the page loading. Actions run and fail at
 * once rather than wait silently for a connection; the app shell says why (app/offline-action-toast.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn<unknown>({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * The app's one query cache, made when the first page that reads the server loads
 * (app/query-layer.tsx). It holds the student's answers, so it empties when the session ends.
 */
export const queryClient = createQueryClient();
// The library assumes online until the browser's next online or offline event; a page opened
// offline starts offline, so that coming back online is seen (an offline copy is read again).
onlineManager.setOnline(navigator.onLine);
clearOnLogout(queryClient);
