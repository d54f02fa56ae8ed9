import { ComingSoonPage } from '../../components/coming-soon-page.js';

export function ApplicationRoute() {
  return <ComingSoonPage title="Application Details" />;
}
