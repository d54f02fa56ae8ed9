import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth.js';
import { DeferredToaster } from './deferred-toaster.js';

/** Everything every page relies on: the query cache, the session, and the toasts. */
export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <DeferredToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
