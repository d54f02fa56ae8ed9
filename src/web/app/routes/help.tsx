import { ComingSoonPage } from '../../components/coming-soon-page.js';

export function HelpRoute() {
  return <ComingSoonPage title="Help and Support" />;
}
