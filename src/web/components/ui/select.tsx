import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

/**
 * A native select, styled like Input: the phone's own picker is the fastest and most accessible
 * list there is, and it costs no JavaScript. 16px text so phones do not zoom in on focus; 44px
 * tall for a thumb. Name it with a <label htmlFor> (or FormField), as any form control.
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div data-slot="select-wrapper" className={cn('relative w-full min-w-0', className)}>
      <select
        data-slot="select"
        className={cn(
          'flex h-11 w-full min-w-0 appearance-none truncate rounded-lg border border-border-strong bg-card py-2 ps-3 pe-10 text-base text-foreground shadow-xs',
          'transition-[color,box-shadow] outline-none',
          'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/40',
          'aria-invalid:border-destructive disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
