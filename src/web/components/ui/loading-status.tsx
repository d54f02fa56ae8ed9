import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.js';
import { Spinner } from './spinner.js';

/** A part of the page that is loading, said in words (`children`) and announced politely. */
export function LoadingStatus({ className, children, ...props }: ComponentProps<'p'>) {
  return (
    <p
      data-slot="loading-status"
      role="status"
      className={cn('inline-flex items-center gap-2 text-sm text-muted-foreground', className)}
      {...props}
    >
      <Spinner size="sm" />
      {children}
    </p>
  );
}
