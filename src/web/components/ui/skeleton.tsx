import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

/**
 * A grey block where something not loaded yet will be, sized like it, so nothing moves when it
 * arrives. It pulses only while loading (`pulse`), never for a student who asked for less motion,
 * and says nothing to a screen reader: the page's loading status does.
 */
export function Skeleton({
  className,
  pulse = true,
  ...props
}: ComponentProps<'span'> & { pulse?: boolean }) {
  return (
    <span
      data-slot="skeleton"
      aria-hidden="true"
      className={cn(
        'block rounded-md bg-muted',
        pulse && 'animate-pulse motion-reduce:animate-none',
        className,
      )}
      {...props}
    />
  );
}
