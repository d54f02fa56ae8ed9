import type { ReactNode } from 'react';
import { AuthProvider } from '../lib/auth.js';
import { LanguageProvider } from '../lib/i18n/language-provider.js';
import { DeferredToaster } from './deferred-toaster.js';

/**
 * Everything every page relies on: the session, the language and the toasts. The query cache is not here: it
 * loads with the pages that read the server (routes.tsx, query-layer.tsx).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <LanguageProvider>
        {children}
        <DeferredToaster />
      </LanguageProvider>
    </AuthProvider>
  );
}
