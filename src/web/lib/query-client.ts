import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client.js';

/**
 * The cache rules of spec section 7: cached data never goes stale unless a query says otherwise
 * (wait times, university and agency details set their own staleTime), and nothing retries,
 * polls or refetches on window focus.
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
      },
      mutations: { retry: false },
    },
  });
}
