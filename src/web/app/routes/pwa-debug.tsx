import { PwaDebugPage } from '../../features/pwa/components/pwa-debug-page.js';

export function PwaDebugRoute() {
  return <PwaDebugPage />;
}
