import { ComingSoonPage } from '../../components/coming-soon-page.js';

export function PwaDebugRoute() {
  return <ComingSoonPage title="Install Diagnostics" />;
}
