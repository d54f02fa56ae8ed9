import { createBrowserRouter } from 'react-router';
import { PwaOverlays } from '../features/pwa/components/pwa-overlays.js';
import { createQueryClient } from '../lib/query-client.js';
import { AppRouter } from './app-router.js';
import { AppProvider } from './provider.js';
import { routes } from './routes.js';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <PwaOverlays />
      <AppRouter router={router} />
    </AppProvider>
  );
}
