import { KNOWN_APPLICATION_STATUSES } from '../../../../shared/applications.js';

/**
 * How far an application's status is along (spec section 4, "Application status"). Its word and
 * colour are every page's (lib/status-display.ts).
 */
type KnownStatus = (typeof KNOWN_APPLICATION_STATUSES)[number];

const KNOWN_PROGRESS: Record<KnownStatus, number> = {
  accepted: 100,
  under_review: 75,
  documents_required: 50,
  rejected: 25,
};

const OTHER_PROGRESS = 25;

const isKnown = (status: string): status is KnownStatus =>
  (KNOWN_APPLICATION_STATUSES as readonly string[]).includes(status);

/** The progress bar: accepted 100, under_review 75, documents_required 50, any other 25. */
export function applicationProgress(status: string): number {
  return isKnown(status) ? KNOWN_PROGRESS[status] : OTHER_PROGRESS;
}
