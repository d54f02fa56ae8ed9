import { DashboardShell } from '../../features/dashboard/components/dashboard-shell.js';
import { WaitTimesSection } from '../../features/visa-wait-times/components/wait-times-section.js';

/** /dashboard: the dashboard feature's page, with the consulate wait times in their slot. */
export default function DashboardRoute() {
  return <DashboardShell waitTimes={(id) => <WaitTimesSection id={id} />} />;
}
