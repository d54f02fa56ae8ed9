import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';
import {
  formatFullDateTime,
  formatRelativeTime,
  type AfterAWeek,
} from '../../lib/relative-time.js';

/**
 * When something happened, relative (spec section 9: 'Just now', hours, days, then weeks or a
 * short date), with the whole date and time on hover and in `dateTime`. Nothing for a bad date.
 */
export function RelativeTime({
  value,
  afterAWeek = 'weeks',
  className,
  ...props
}: Omit<ComponentProps<'time'>, 'dateTime' | 'title' | 'children'> & {
  value: string;
  afterAWeek?: AfterAWeek;
}) {
  const relative = formatRelativeTime(value, { afterAWeek });
  const full = formatFullDateTime(value);
  if (relative === null || full === null) return null;
  return (
    <time
      data-slot="relative-time"
      dateTime={value}
      title={full}
      className={cn('whitespace-nowrap', className)}
      {...props}
    >
      {relative}
    </time>
  );
}
