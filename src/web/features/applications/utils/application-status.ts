import { KNOWN_APPLICATION_STATUSES } from '../../../../shared/applications.js';
import type { StatusTone } from '../../../components/ui/status-badge.js';

/**
 * How an application's status shows (spec section 4, "Application status"): the four known
 * statuses have their own colour; any other status the school sends is grey and 25% along.
 */
type KnownStatus = (typeof KNOWN_APPLICATION_STATUSES)[number];

interface StatusDisplay {
  tone: StatusTone;
  progress: number;
}

const KNOWN: Record<KnownStatus, StatusDisplay> = {
  accepted: { tone: 'success', progress: 100 },
  under_review: { tone: 'warning', progress: 75 },
  documents_required: { tone: 'info', progress: 50 },
  rejected: { tone: 'danger', progress: 25 },
};

const OTHER: StatusDisplay = { tone: 'neutral', progress: 25 };

const isKnown = (status: string): status is KnownStatus =>
  (KNOWN_APPLICATION_STATUSES as readonly string[]).includes(status);

const displayOf = (status: string): StatusDisplay => (isKnown(status) ? KNOWN[status] : OTHER);

/** The spec's rule to the letter: the first underscore becomes a space, then words are capitalised. */
export function applicationStatusLabel(status: string): string {
  return status.replace('_', ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());
}

/** The progress bar: accepted 100, under_review 75, documents_required 50, any other 25. */
export function applicationProgress(status: string): number {
  return displayOf(status).progress;
}

export function applicationStatusTone(status: string): StatusTone {
  return displayOf(status).tone;
}
