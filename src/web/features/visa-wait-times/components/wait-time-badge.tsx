import {
  CircleAlert,
  CircleCheck,
  CircleHelp,
  Clock,
  Hourglass,
  type LucideIcon,
} from 'lucide-react';
import type {
  TWaitTimeBucket,
  TWaitTimeColour,
  TWaitTimeQuality,
} from '../../../../shared/visa-wait-times.js';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge.js';

/** The shared rule's colours (spec section 3: green, yellow, orange, red) as badge tones. */
const TONE_OF_COLOUR: Record<TWaitTimeColour, StatusTone> = {
  green: 'success',
  yellow: 'warning',
  orange: 'caution',
  red: 'danger',
};

/** A shape per bucket, so the badge reads without colour too; the words always show. */
const ICON_OF_BUCKET: Record<TWaitTimeBucket, LucideIcon> = {
  excellent: CircleCheck,
  good: Clock,
  moderate: Hourglass,
  poor: CircleAlert,
  na: CircleHelp,
};

export function WaitTimeBadge({ quality }: { quality: TWaitTimeQuality }) {
  const Icon = ICON_OF_BUCKET[quality.bucket];
  return (
    <StatusBadge tone={TONE_OF_COLOUR[quality.colour]} data-bucket={quality.bucket}>
      <Icon aria-hidden="true" />
      <span className="sr-only">Wait category: </span>
      {quality.label}
    </StatusBadge>
  );
}
