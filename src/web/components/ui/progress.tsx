import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

/**
 * A determinate progress bar (spec section 9: the maximum is 100 by default). Name it with
 * `aria-label` or `aria-labelledby`; assistive technology reads the value from aria-valuenow.
 */
export function Progress({
  className,
  value,
  max = 100,
  ...props
}: Omit<ComponentProps<'div'>, 'children'> & { value: number; max?: number }) {
  const clamped = Math.min(Math.max(value, 0), max);
  return (
    <div
      data-slot="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary-soft', className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className="h-full w-full origin-left rounded-full bg-primary transition-transform duration-500 ease-out motion-reduce:transition-none"
        style={{ transform: `scaleX(${clamped / max})` }}
      />
    </div>
  );
}
