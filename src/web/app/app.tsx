import { PwaOverlays } from '../features/pwa/components/pwa-overlays.js';
import { AppRouter } from './app-router.js';
import { AppProvider } from './provider.js';
import { AppRoutes } from './routes.js';

export function App() {
  return (
    <AppProvider>
      <PwaOverlays />
      <AppRouter>
        <AppRoutes />
      </AppRouter>
    </AppProvider>
  );
}
