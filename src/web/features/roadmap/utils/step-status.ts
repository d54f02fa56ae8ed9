import type { TRoadmapStepStatus } from '../../../../shared/roadmap.js';
import type { StatusTone } from '../../../components/ui/status-badge.js';

/** How each step status of spec section 4 reads and is coloured. */
export const STEP_STATUS_DISPLAY: Record<TRoadmapStepStatus, { label: string; tone: StatusTone }> =
  {
    completed: { label: 'Completed', tone: 'success' },
    in_progress: { label: 'In Progress', tone: 'info' },
    pending: { label: 'Pending', tone: 'neutral' },
  };
