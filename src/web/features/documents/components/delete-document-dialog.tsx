import { Trash2 } from 'lucide-react';
import { DOCUMENT_MESSAGES, type TDocument } from '../../../../shared/documents.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
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
  const remove = useDeleteDocument();

  return (
    <ConfirmDialog
      title="Delete Document"
      description={DOCUMENT_MESSAGES.confirmDelete}
      details={<p className="text-sm font-semibold wrap-anywhere">{document.fileName}</p>}
      failure={remove.isError ? deleteFailureMessage(remove.error) : null}
      confirmLabel={
        <>
          <Trash2 aria-hidden="true" />
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </>
      }
      pending={remove.isPending}
      onConfirm={() => {
        remove.mutate(document.id, { onSuccess: onDeleted });
      }}
      onCancel={onCancel}
    />
  );
}
