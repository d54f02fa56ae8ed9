import { Slot } from './slot.js';
import { CircleAlert } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '../../lib/cn.js';
import { Label } from './label.js';

/**
 * One labelled form control with an optional hint and its error text under it. The control (the
 * single child) receives the id, `aria-invalid` and an `aria-describedby` that points at the error
 * and the hint, so a screen reader reads them with the field.
 *
 * `announceError`, for a form of one field: the error takes the hint's place and is announced as
 * it appears (role="alert"), since it is all the student needs to read.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  announceError = false,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  announceError?: boolean;
  className?: string;
  children: ReactElement;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const shownHint = error && announceError ? null : hint;
  const describedBy = [error ? errorId : null, shownHint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div data-slot="form-field" className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Slot
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {children}
      </Slot>
      {shownHint ? (
        <p id={hintId} data-slot="form-field-hint" className="text-sm text-muted-foreground">
          {shownHint}
        </p>
      ) : null}
      {error ? (
        <p
          id={errorId}
          data-slot="form-field-error"
          role={announceError ? 'alert' : undefined}
          className="flex items-start gap-1.5 text-sm font-medium text-destructive"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
