import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client.js';

/**
 * The app's query cache, for the pages that read the server through TanStack Query. It loads with
 * those pages (routes.tsx), never with the welcome page, and one cache serves them all.
 */
export function QueryLayer({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
