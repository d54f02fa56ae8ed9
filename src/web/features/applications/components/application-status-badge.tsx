import { StatusBadge } from '../../../components/ui/status-badge.js';
import { applicationStatusLabel, applicationStatusTone } from '../utils/application-status.js';

export function ApplicationStatusBadge({ status }: { status: string }) {
  return (
    <StatusBadge tone={applicationStatusTone(status)}>{applicationStatusLabel(status)}</StatusBadge>
  );
}
