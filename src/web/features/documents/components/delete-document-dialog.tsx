import { CircleAlert, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { DOCUMENT_MESSAGES, type TDocument } from '../../../../shared/documents.js';
import { Alert, AlertDescription } from '../../../components/ui/alert.js';
import { Button } from '../../../components/ui/button.js';
import {
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../../components/ui/dialog.js';
import { deleteFailureMessage, useDeleteDocument } from '../api/delete-document.js';

/**
 * The confirmation before a delete (spec section 5), as an alert dialog: it opens on Cancel, the
 * choice that loses nothing, and Escape cancels too.
 */
export function DeleteDocumentDialog({
  document,
  onCancel,
  onDeleted,
}: {
  document: TDocument;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const remove = useDeleteDocument();

  return (
    <Dialog
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      initialFocusRef={cancelRef}
      onClose={onCancel}
    >
      <div className="flex flex-col gap-4 p-6">
        <DialogTitle id={titleId}>Delete Document</DialogTitle>
        <div id={descriptionId} className="flex flex-col gap-2">
          <DialogDescription>{DOCUMENT_MESSAGES.confirmDelete}</DialogDescription>
          <p className="text-sm font-semibold wrap-anywhere">{document.fileName}</p>
        </div>
        {remove.isError ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{deleteFailureMessage(remove.error)}</AlertDescription>
          </Alert>
        ) : null}
        <DialogFooter>
          <Button ref={cancelRef} type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            // Not `disabled`: the button keeps the keyboard focus while the delete runs.
            aria-disabled={remove.isPending}
            aria-busy={remove.isPending}
            onClick={() => {
              if (remove.isPending) return;
              remove.mutate(document.id, { onSuccess: onDeleted });
            }}
          >
            <Trash2 aria-hidden="true" />
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </DialogFooter>
      </div>
    </Dialog>
  );
}
