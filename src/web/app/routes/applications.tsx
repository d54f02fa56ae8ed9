import { ApplicationsPage } from '../../features/applications/components/applications-page.js';

export default function ApplicationsRoute() {
  return <ApplicationsPage />;
}
