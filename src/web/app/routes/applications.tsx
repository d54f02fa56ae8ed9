import { ApplicationsPage } from '../../features/applications/components/applications-page.js';

export function ApplicationsRoute() {
  return <ApplicationsPage />;
}
