import { DashboardShell } from '../../features/dashboard/components/dashboard-shell.js';

export function DashboardRoute() {
  return <DashboardShell />;
}
