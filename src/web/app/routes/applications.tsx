import { ComingSoonPage } from '../../components/coming-soon-page.js';

export function ApplicationsRoute() {
  return <ComingSoonPage title="Applications" />;
}
