import { cn } from '../lib/cn.js';

/** Past this, the badge says "99+": the number stops mattering, and the badge stays small. */
const MOST_SHOWN = 99;

/**
 * The number of unread messages as a small badge, for the eye only: name the link
 * withUnreadCount, so a screen reader hears "Messages, 2 unread". Nothing when none waits or the
 * count is unknown.
 */
export function UnreadCountBadge({
  count,
  className,
}: {
  count: number | null;
  className?: string;
}) {
  if (!count) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-xs leading-none font-bold text-white',
        className,
      )}
    >
      {count > MOST_SHOWN ? `${MOST_SHOWN}+` : count}
    </span>
  );
}

/**
 * A link's name with the count, ", 2 unread" (an aria-label, so every reader says it alike), or
 * undefined to keep the link's own words when none waits.
 */
export function withUnreadCount(name: string, count: number | null): string | undefined {
  return count ? `${name}, ${count} unread` : undefined;
}
