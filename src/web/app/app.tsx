import type { ComponentType, ReactNode } from 'react';
import { PwaOverlays } from '../features/pwa/components/pwa-overlays.js';
import { AppRouter } from './app-router.js';
import { AppProvider } from './provider.js';
import { AppRoutes } from './routes.js';

/** `Router`: the browser's address by default; the build draws pages on a static one (prerender.tsx). */
export function App({ Router = AppRouter }: { Router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <AppProvider>
      <PwaOverlays />
      <Router>
        <AppRoutes />
      </Router>
    </AppProvider>
  );
}
