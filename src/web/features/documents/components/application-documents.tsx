import { useEffect, useId, useRef, type Ref } from 'react';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.js';
import { useApplicationDocumentRequests } from '../api/get-application-document-requests.js';
import { DocumentList } from './document-list.js';
import { DocumentUploader, type DocumentUploadHandle } from './document-uploader.js';
import { useDocumentDialogs } from './use-document-dialogs.js';

/**
 * The documents of one application (spec section 2, "/application/{id}"): upload, the list with
 * View (a preview of the real file) and Delete (after the spec's confirmation). Stored on the
 * server per student, so they follow the student from device to device. When staff have asked
 * for documents, those are in "Required documents" above, and these are the "Other documents".
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
  const { view, remove, deleted, dialogs } = useDocumentDialogs();
  const requests = useApplicationDocumentRequests(applicationId);
  const others = (requests.data?.length ?? 0) > 0;

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
          {others ? 'Other documents' : 'Documents'}
        </CardTitle>
        <CardDescription>
          {others
            ? 'Anything else you want to send with this application.'
            : 'Transcripts, bank statements, test scores: whatever the university asks for.'}
        </CardDescription>
      </div>
      <DocumentUploader ref={ref} applicationId={applicationId} />
      <DocumentList applicationId={applicationId} others={others} onView={view} onDelete={remove} />
      {dialogs}
    </Card>
  );
}
