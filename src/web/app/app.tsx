import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { AppRouter } from './app-router.js';
import { AppProvider } from './provider.js';
import { AppRoutes } from './routes.js';

/**
 * The install and connectivity overlays, fetched beside the page rather than in the landing
 * page's first load: neither shows until the browser goes offline or offers installation
 * (docs/performance.md).
 */
const PwaOverlays = lazy(async () => ({
  default: (await import('../features/pwa/components/pwa-overlays.js')).PwaOverlays,
}));

/** `Router`: the browser's address by default; the build draws pages on a static one (prerender.tsx). */
export function App({ Router = AppRouter }: { Router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <AppProvider>
      <Suspense fallback={null}>
        <PwaOverlays />
      </Suspense>
      <Router>
        <AppRoutes />
      </Router>
    </AppProvider>
  );
}
