import { useState } from 'react';
import type { TDocument } from '../../../../shared/documents.js';
import { DeleteDocumentDialog } from './delete-document-dialog.js';
import { DocumentPreviewDialog } from './document-preview-dialog.js';

/**
 * View and Delete for a list of documents: `view` opens the preview, `remove` the spec's
 * confirmation. `dialogs` draws whichever is open, and the polite status that says a delete is
 * done; `deleted` is the document last deleted, so the caller can move the keyboard to where its
 * buttons were.
 */
export function useDocumentDialogs() {
  const [previewing, setPreviewing] = useState<TDocument | null>(null);
  const [confirming, setConfirming] = useState<TDocument | null>(null);
  const [deleted, setDeleted] = useState<TDocument | null>(null);

  const dialogs = (
    <>
      <p role="status" className="sr-only">
        {deleted ? `${deleted.fileName} deleted.` : ''}
      </p>
      {previewing ? (
        <DocumentPreviewDialog
          document={previewing}
          onClose={() => {
            setPreviewing(null);
          }}
        />
      ) : null}
      {confirming ? (
        <DeleteDocumentDialog
          document={confirming}
          onCancel={() => {
            setConfirming(null);
          }}
          onDeleted={() => {
            setConfirming(null);
            setDeleted(confirming);
          }}
        />
      ) : null}
    </>
  );

  return { view: setPreviewing, remove: setConfirming, deleted, dialogs };
}
