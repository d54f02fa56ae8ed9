import { PwaDebugPage } from '../../features/pwa/components/pwa-debug-page.js';

export default function PwaDebugRoute() {
  return <PwaDebugPage />;
}
