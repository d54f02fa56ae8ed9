import { cva, type VariantProps } from 'class-variance-authority';
import { useEffect, useRef, type ComponentProps, type RefObject } from 'react';
import { cn } from '../../lib/cn.js';

const dialogVariants = cva(
  'overflow-auto border-border bg-card p-0 text-card-foreground shadow-2xl backdrop:bg-slate-950/60',
  {
    variants: {
      size: {
        default:
          'm-auto max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] rounded-2xl border',
        /**
         * A sheet rising from the bottom of a phone's screen, where the thumb is (a form the
         * student fills in over the page); a window like the default from `sm` up.
         */
        sheet:
          'm-0 mt-auto max-h-[calc(100dvh-1.5rem)] w-full max-w-none rounded-t-2xl border-t sm:m-auto sm:max-h-[calc(100dvh-2rem)] sm:w-[min(34rem,calc(100vw-2rem))] sm:rounded-2xl sm:border',
        /** The whole screen on a phone, a large window from `sm` up: room for a document. */
        large:
          'm-0 h-dvh max-h-none w-full max-w-none rounded-none border-0 sm:m-auto sm:h-[min(48rem,calc(100dvh-4rem))] sm:w-[min(56rem,calc(100vw-4rem))] sm:rounded-2xl sm:border',
      },
    },
    defaultVariants: { size: 'default' },
  },
);

/**
 * A modal dialog on the native <dialog>, open while it is mounted: render it when it should show.
 * showModal() makes the rest of the page inert and keeps keyboard focus inside; Escape (and a
 * phone's back gesture) asks to close through `onClose`, which decides. Focus starts on
 * `initialFocusRef` (else where the browser puts it) and goes back, on close, to what had it
 * before, if that is still on the page. Name it with `aria-labelledby` (a DialogTitle's id); pass
 * role="alertdialog" for a question the student must answer.
 */
export function Dialog({
  className,
  size,
  onClose,
  initialFocusRef,
  children,
  ...props
}: Omit<ComponentProps<'dialog'>, 'open' | 'onCancel'> &
  VariantProps<typeof dialogVariants> & {
    onClose: () => void;
    initialFocusRef?: RefObject<HTMLElement | null>;
  }) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement;
    // Browsers from before 2022 (and jsdom) lack showModal: the dialog then opens in place.
    const element: HTMLElement = dialog;
    if ('showModal' in dialog) {
      if (!dialog.open) dialog.showModal();
    } else {
      element.setAttribute('open', '');
    }
    initialFocusRef?.current?.focus();
    return () => {
      if ('close' in dialog) dialog.close();
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, [initialFocusRef]);

  return (
    <dialog
      ref={dialogRef}
      data-slot="dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        // Where showModal is missing, Escape sends no cancel event: close here instead.
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
      className={cn(dialogVariants({ size }), className)}
      {...props}
    >
      {children}
    </dialog>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<'h2'>) {
  return (
    <h2
      data-slot="dialog-title"
      className={cn('text-lg leading-snug font-semibold text-foreground', className)}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p
      data-slot="dialog-description"
      className={cn('text-sm leading-relaxed text-muted-foreground', className)}
      {...props}
    />
  );
}

/** The dialog's buttons: stacked on a phone, the main one first; in a row from `sm` up. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}
