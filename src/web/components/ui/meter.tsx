import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';
import { useScaleX } from './use-scale-x.js';

/**
 * A level within a known range (a microphone's loudness, say), not progress towards an end: a
 * screen reader reads it as a meter. `value` is from 0 to 1. Name it with `aria-label` or
 * `aria-labelledby`; give `aria-valuetext` when a number alone says too little.
 */
export function Meter({
  className,
  value,
  ...props
}: Omit<ComponentProps<'div'>, 'children'> & { value: number }) {
  const clamped = Math.min(Math.max(value, 0), 1);
  const percent = Math.round(clamped * 100);
  const indicator = useScaleX<HTMLDivElement>(clamped);
  return (
    <div
      data-slot="meter"
      role="meter"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('relative h-3 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div
        ref={indicator}
        data-slot="meter-indicator"
        className="h-full w-full origin-left scale-x-0 rounded-full bg-success transition-transform duration-100 ease-out motion-reduce:transition-none"
      />
    </div>
  );
}
