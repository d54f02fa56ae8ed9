import { Slot } from './slot.js';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center gap-2 rounded-lg font-semibold',
    'transition-colors outline-none select-none',
    'focus-visible:ring-3 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    'disabled:pointer-events-none disabled:opacity-60 aria-busy:cursor-progress',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        /** The default look, raised above the page it floats over. */
        floating: 'bg-primary text-primary-foreground shadow-lg hover:bg-primary-hover',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
        outline:
          'border border-border-strong bg-card text-foreground shadow-xs hover:bg-muted hover:text-foreground',
        ghost: 'text-foreground hover:bg-muted',
        /** Ghost, for an action that deletes something. */
        'ghost-destructive': 'text-destructive hover:bg-red-50',
        /** Ghost, on a primary-soft surface (the install banner). */
        'ghost-primary': 'text-primary-soft-foreground hover:bg-primary/10',
        link: 'text-link underline-offset-4 hover:underline',
        destructive: 'bg-destructive text-white shadow-sm hover:bg-destructive/90',
      },
      size: {
        default: 'h-11 px-4 text-sm',
        /** Compact from `sm` up; on a phone 44px tall like every control, for a thumb. */
        sm: 'h-11 px-3 text-sm sm:h-9',
        lg: 'h-12 px-6 text-base',
        /** As lg, but taller when its label wraps (with `wrap`) on a narrow screen. */
        'lg-auto': 'min-h-12 px-6 py-2.5 text-base',
        icon: 'size-11',
        /** No box of its own: a link-styled action within text, 44px tall on a phone. */
        inline: 'min-h-11 py-1 text-sm sm:min-h-0',
      },
      /** Where the label sits: centred, or at the start (a column of actions). */
      align: { center: 'justify-center', start: 'justify-start' },
      /** Whether a long label may wrap onto more lines. */
      wrap: { false: 'whitespace-nowrap', true: 'whitespace-normal' },
    },
    defaultVariants: { variant: 'default', size: 'default', align: 'center', wrap: false },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link, say) with the button's look instead of a <button>. */
    asChild?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  align,
  wrap,
  asChild = false,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size, align, wrap }), className)}
      {...props}
    />
  );
}
