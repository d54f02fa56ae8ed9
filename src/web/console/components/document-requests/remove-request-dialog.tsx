import type { TStaffDocumentRequest } from '../../../../shared/staff-document-requests.js';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { failureMessage } from '../../api/console-request.js';
import { useRemoveDocumentRequest } from '../../api/document-requests.js';

/**
 * The question before removing a request. It belongs to the checklist, not to the request's row:
 * the row goes with the request, and a refusal (the student uploaded meanwhile) stays on screen.
 */
export function RemoveRequestDialog({
  request,
  onRemoved,
  onCancel,
}: {
  request: TStaffDocumentRequest;
  onRemoved: () => void;
  onCancel: () => void;
}) {
  const remove = useRemoveDocumentRequest(request.applicationId);
  return (
    <ConfirmDialog
      title={`Remove the request for “${request.title}”?`}
      description="The student no longer sees it on this application."
      confirmLabel={remove.isPending ? 'Removing…' : 'Remove'}
      pending={remove.isPending}
      holdWhilePending
      failure={
        remove.isError ? failureMessage(remove.error, 'The request could not be removed.') : null
      }
      onConfirm={() => {
        remove.mutate(request.id, { onSuccess: onRemoved });
      }}
      onCancel={onCancel}
    />
  );
}
