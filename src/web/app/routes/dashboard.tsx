import { DashboardShell } from '../../features/dashboard/components/dashboard-shell.js';

export default function DashboardRoute() {
  return <DashboardShell />;
}
