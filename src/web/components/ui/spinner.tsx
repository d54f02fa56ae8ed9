import { cva, type VariantProps } from 'class-variance-authority';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

const spinnerVariants = cva('animate-spin motion-reduce:animate-none', {
  variants: {
    size: { sm: 'size-4', default: 'size-6', lg: 'size-10' },
  },
  defaultVariants: { size: 'default' },
});

/** A decorative spinning icon; put it inside something that says in words what is happening. */
export function Spinner({
  className,
  size,
  ...props
}: ComponentProps<'svg'> & VariantProps<typeof spinnerVariants>) {
  return (
    <LoaderCircle
      data-slot="spinner"
      aria-hidden="true"
      className={cn(spinnerVariants({ size }), className)}
      {...props}
    />
  );
}
