import { ComingSoonPage } from '../../components/coming-soon-page.js';

export function ActionsRoute() {
  return <ComingSoonPage title="Visa Roadmap" />;
}
