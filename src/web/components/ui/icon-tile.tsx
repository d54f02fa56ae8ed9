import { cva, type VariantProps } from 'class-variance-authority';
import type { LucideIcon } from 'lucide-react';

const iconTileVariants = cva('flex size-11 items-center justify-center rounded-xl', {
  variants: {
    tone: {
      primary: 'bg-primary-soft text-primary-soft-foreground',
      success: 'bg-green-100 text-success',
      danger: 'bg-red-100 text-destructive',
      muted: 'bg-muted text-foreground',
    },
  },
  defaultVariants: { tone: 'primary' },
});

/** A card's icon on a tile in the tone of what the card says: above its title. */
export function IconTile({
  icon: Icon,
  tone,
}: { icon: LucideIcon } & VariantProps<typeof iconTileVariants>) {
  return (
    <span data-slot="icon-tile" className={iconTileVariants({ tone })}>
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}
