import { Slot } from './slot.js';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

const textLinkVariants = cva(
  'rounded font-semibold text-link underline underline-offset-4 hover:text-link-hover focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none',
  {
    variants: {
      /** 'anywhere' for an address or a number that may be longer than a phone's line. */
      wrap: { normal: '', anywhere: 'wrap-anywhere' },
    },
    defaultVariants: { wrap: 'normal' },
  },
);

/**
 * A link in running text: underlined, in the link colour, with the focus ring. An <a> of its own
 * (mailto:, tel:, #section), or with `asChild` the look of the single child: a router <Link>, a
 * NewTabLink.
 */
export function TextLink({
  className,
  wrap,
  asChild = false,
  ...props
}: ComponentProps<'a'> & VariantProps<typeof textLinkVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : 'a';
  return (
    <Comp data-slot="text-link" className={cn(textLinkVariants({ wrap }), className)} {...props} />
  );
}
