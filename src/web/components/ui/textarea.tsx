import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

/**
 * A multi-line text field with Input's look: 16px text so phones do not zoom in on focus, and a
 * red border when it is `aria-invalid`.
 */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(
        'w-full min-w-0 rounded-lg border border-border-strong bg-card px-3 py-2 text-base text-foreground shadow-xs',
        'transition-[color,box-shadow] outline-none placeholder:text-muted-foreground',
        'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/40',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/30',
        'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
        className,
      )}
      {...props}
    />
  );
}
