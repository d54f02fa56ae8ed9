import { CloudOff } from 'lucide-react';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';

export const RECORD_LOAD_FAILED = 'Your status could not be loaded';

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** "14:05" today; the day too when it was another day. */
export function lastUpdatedText(readAt: number, now = new Date()): string {
  const at = new Date(readAt);
  const format: Intl.DateTimeFormatOptions = sameDay(at, now)
    ? { hour: '2-digit', minute: '2-digit' }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return `Last updated ${new Intl.DateTimeFormat(undefined, format).format(at)}`;
}

/**
 * How current the student's record on the page is, said where they look first: not loaded, with
 * Try again; or, offline or from the worker's copy, the last known record and when it was read.
 * (While it loads, the next step's placeholder says so, in the same place and size as the step.)
 * Spec section 8 only logs a failure and keeps the defaults; the page draws those defaults as
 * placeholders, so this is what tells the student the status is missing.
 */
export function RecordState({
  failed,
  readAt,
  stale,
  onRetry,
}: {
  /** Nothing to show: the read failed. */
  failed: boolean;
  /** When the record shown was read; null while there is none. */
  readAt: number | null;
  /** The record shown may be out of date (offline, or the worker's copy). */
  stale: boolean;
  onRetry: () => void;
}) {
  if (readAt === null) {
    return failed ? <LoadFailedAlert title={RECORD_LOAD_FAILED} onRetry={onRetry} /> : null;
  }
  if (!stale) {
    return (
      <p role="status" className="sr-only">
        Your status is up to date.
      </p>
    );
  }
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-xl border border-border bg-muted px-3 py-2.5 text-sm"
    >
      <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="font-semibold">{lastUpdatedText(readAt)}</span>
        <span className="block text-muted-foreground">
          You are seeing your status as it was then. It may have changed since.
        </span>
      </span>
    </p>
  );
}
