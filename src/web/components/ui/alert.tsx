import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

const alertVariants = cva(
  [
    'relative grid w-full grid-cols-[0_1fr] items-start gap-y-1 rounded-xl border px-4 py-3 text-sm',
    'has-[>svg]:grid-cols-[1.25rem_1fr] has-[>svg]:gap-x-3 [&>svg]:mt-0.5 [&>svg]:size-5',
  ],
  {
    variants: {
      // The icon takes the text's colour unless the variant gives it its own.
      variant: {
        default: 'border-border bg-card text-card-foreground',
        destructive: 'border-destructive/40 bg-red-50 text-red-900 [&>svg]:text-destructive',
        info: 'border-primary/30 bg-primary-soft text-primary-soft-foreground',
        success: 'border-green-300 bg-green-50 text-green-900 [&>svg]:text-success',
        warning: 'border-amber-300 bg-amber-50 text-amber-950 [&>svg]:text-amber-700',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/**
 * A message box. role="alert" by default, so a screen reader announces it as it appears; pass
 * role="status" (or none) for a message that is not urgent.
 */
export function Alert({
  className,
  variant,
  role = 'alert',
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div
      data-slot="alert"
      role={role}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p
      data-slot="alert-title"
      className={cn('col-start-2 leading-snug font-semibold', className)}
      {...props}
    />
  );
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-description"
      className={cn('col-start-2 leading-relaxed', className)}
      {...props}
    />
  );
}
