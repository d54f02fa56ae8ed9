import { ComingSoonPage } from '../../components/coming-soon-page.js';

export function MoiRoute() {
  return <ComingSoonPage title="MOI Interview" />;
}
