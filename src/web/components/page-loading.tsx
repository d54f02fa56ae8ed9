import { Spinner } from './ui/spinner.js';

/** The whole-page wait (the session check, a page's code arriving), announced to screen readers. */
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh items-center justify-center gap-3 bg-background text-muted-foreground"
    >
      <Spinner />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}
