import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label
      data-slot="label"
      className={cn('text-sm leading-none font-semibold text-foreground', className)}
      {...props}
    />
  );
}
