import { ComingSoonPage } from '../../components/coming-soon-page.js';

export function ProfileRoute() {
  return <ComingSoonPage title="Profile" />;
}
