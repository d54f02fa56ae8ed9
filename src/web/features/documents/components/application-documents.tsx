import { useEffect, useId, useRef, useState, type Ref } from 'react';
import type { TDocument } from '../../../../shared/documents.js';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.js';
import { DeleteDocumentDialog } from './delete-document-dialog.js';
import { DocumentList } from './document-list.js';
import { DocumentPreviewDialog } from './document-preview-dialog.js';
import { DocumentUploader, type DocumentUploadHandle } from './document-uploader.js';

/**
 * The documents of one application (spec section 2, "/application/{id}"): upload, the list with
 * View (a preview of the real file) and Delete (after the spec's confirmation). Stored on the
 * server per student, so they follow the student from device to device.
 */
export function ApplicationDocuments({
  applicationId,
  ref,
}: {
  applicationId: number;
  /** Opens the file picker, for the page's 'Upload Documents' quick action. */
  ref?: Ref<DocumentUploadHandle>;
}) {
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [previewing, setPreviewing] = useState<TDocument | null>(null);
  const [confirming, setConfirming] = useState<TDocument | null>(null);
  const [deleted, setDeleted] = useState<TDocument | null>(null);

  useEffect(() => {
    // The deleted document's button is gone with it: the keyboard lands on the section instead.
    if (deleted) titleRef.current?.focus();
  }, [deleted]);

  return (
    <Card role="region" aria-labelledby={titleId} className="gap-4 p-6">
      <div className="flex flex-col gap-1">
        <CardTitle
          ref={titleRef}
          id={titleId}
          tabIndex={-1}
          className="rounded outline-none focus-visible:ring-3 focus-visible:ring-ring"
        >
          Documents
        </CardTitle>
        <CardDescription>
          Transcripts, bank statements, test scores: whatever the university asks for.
        </CardDescription>
      </div>
      <DocumentUploader ref={ref} applicationId={applicationId} />
      <p role="status" className="sr-only">
        {deleted ? `${deleted.fileName} deleted.` : ''}
      </p>
      <DocumentList applicationId={applicationId} onView={setPreviewing} onDelete={setConfirming} />
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
    </Card>
  );
}
