import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';
import { useScaleX } from './use-scale-x.js';

/**
 * A determinate progress bar (spec section 9: the maximum is 100 by default). Name it with
 * `aria-label` or `aria-labelledby`; assistive technology reads the value from aria-valuenow.
 */
export function Progress({
  className,
  value,
  max = 100,
  size = 'default',
  ...props
}: Omit<ComponentProps<'div'>, 'children'> & {
  value: number;
  max?: number;
  /** 'lg' for a bar the student watches, such as the interview's answer timer. */
  size?: 'default' | 'lg';
}) {
  const clamped = Math.min(Math.max(value, 0), max);
  const indicator = useScaleX<HTMLDivElement>(clamped / max);
  return (
    <div
      data-slot="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      className={cn(
        'relative w-full overflow-hidden rounded-full bg-primary-soft',
        size === 'lg' ? 'h-3' : 'h-2',
        className,
      )}
      {...props}
    >
      <div
        ref={indicator}
        data-slot="progress-indicator"
        className="h-full w-full origin-left scale-x-0 rounded-full bg-primary transition-transform duration-500 ease-out motion-reduce:transition-none"
      />
    </div>
  );
}
