import { CircleAlert } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { Alert, AlertDescription } from './alert.js';
import { Button } from './button.js';
import { Dialog, DialogDescription, DialogFooter, DialogTitle } from './dialog.js';

/**
 * The question before an action that loses the student's work or changes their account, as an
 * alert dialog: it opens on the cancel button, the choice that loses nothing, and Escape cancels
 * too. `details` (a file's name, say) are read with the description; `children` (a choice to make
 * with the action) come under it, and the failure of the last try under them.
 *
 * While the action runs (`pending`) the confirm button says so and ignores presses, without being
 * disabled, so it keeps the keyboard focus. With `holdWhilePending` the dialog cannot be cancelled
 * meanwhile either.
 */
export function ConfirmDialog({
  title,
  description,
  details,
  children,
  failure = null,
  cancelLabel = 'Cancel',
  confirmLabel,
  variant = 'destructive',
  pending = false,
  holdWhilePending = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  description: ReactNode;
  details?: ReactNode;
  children?: ReactNode;
  failure?: string | null;
  cancelLabel?: string;
  /** What the confirm button shows: its icon and words, which may change while it runs. */
  confirmLabel: ReactNode;
  variant?: 'destructive' | 'default';
  pending?: boolean;
  holdWhilePending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const held = holdWhilePending && pending;

  return (
    <Dialog
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      initialFocusRef={cancelRef}
      onClose={() => {
        if (!held) onCancel();
      }}
    >
      <div className="flex flex-col gap-4 p-6">
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <div id={descriptionId} className="flex flex-col gap-2">
          <DialogDescription>{description}</DialogDescription>
          {details}
        </div>
        {children}
        {failure ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button
            ref={cancelRef}
            type="button"
            variant="outline"
            disabled={held}
            onClick={onCancel}
          >
            {cancelLabel}
          </Button>
          <Button
            type="button"
            variant={variant}
            aria-disabled={pending}
            aria-busy={pending}
            onClick={() => {
              if (!pending) onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </div>
    </Dialog>
  );
}
