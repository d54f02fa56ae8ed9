import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

/**
 * A badge that says how something stands, in one of six tones. Every tone pairs a pale
 * background with a dark text of the same hue (7:1 or better), so the words stay readable; the
 * tone only repeats what the words say, it is never the only signal.
 */
export const statusBadgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0',
  {
    variants: {
      tone: {
        success: 'border-green-300 bg-green-50 text-green-900',
        warning: 'border-yellow-300 bg-yellow-50 text-yellow-900',
        caution: 'border-orange-300 bg-orange-50 text-orange-900',
        danger: 'border-red-300 bg-red-50 text-red-900',
        info: 'border-blue-200 bg-primary-soft text-primary-soft-foreground',
        neutral: 'border-slate-200 bg-muted text-slate-700',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export type StatusTone = NonNullable<VariantProps<typeof statusBadgeVariants>['tone']>;

export function StatusBadge({
  className,
  tone,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof statusBadgeVariants>) {
  return (
    <span
      data-slot="status-badge"
      className={cn(statusBadgeVariants({ tone }), className)}
      {...props}
    />
  );
}
