import { StatusBadge } from '../../../components/ui/status-badge.js';
import { applicationStatusDisplay } from '../../../lib/status-display.js';

export function ApplicationStatusBadge({ status }: { status: string }) {
  const { word, tone } = applicationStatusDisplay(status);
  return <StatusBadge tone={tone}>{word}</StatusBadge>;
}
