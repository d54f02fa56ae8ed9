import { useEffect, useId } from 'react';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.js';
import { LoadFailedAlert } from '../../../components/ui/load-failed-alert.js';
import { REQUIRED_DOCUMENTS_ANCHOR } from '../../../config/page-anchors.js';
import { useApplicationDocumentRequests } from '../api/get-application-document-requests.js';
import { acceptedDocumentsText } from '../utils/accepted-documents.js';
import { DocumentRequestRow } from './document-request-row.js';
import { useDocumentDialogs } from './use-document-dialogs.js';

const REQUESTS_LOAD_FAILED = 'Your required documents could not be loaded.';

const requestHeadingId = (sectionId: string, requestId: number) =>
  `${sectionId}-request-${requestId}`;

/**
 * "Required documents" (issue 24): the documents staff asked for on one application, one row
 * each, with an upload into each. Absent when nothing was asked for, and while that is not yet
 * known: most applications have no requests, so a loading state would only flash.
 */
export function RequiredDocuments({ applicationId }: { applicationId: number }) {
  const titleId = useId();
  const requests = useApplicationDocumentRequests(applicationId);
  const { view, remove, deleted, dialogs } = useDocumentDialogs();
  const loaded = requests.data !== undefined;

  useEffect(() => {
    // Linked to (the roadmap's "Upload bank statements"): once the rows are drawn, the keyboard
    // and the eye start at them rather than at the top of the page.
    if (loaded && window.location.hash === `#${REQUIRED_DOCUMENTS_ANCHOR}`) {
      document.getElementById(titleId)?.focus();
    }
  }, [loaded, titleId]);

  useEffect(() => {
    // The deleted file's buttons are gone with it: the keyboard lands on its request's heading.
    const requestId = deleted?.documentRequestId;
    if (requestId) document.getElementById(requestHeadingId(titleId, requestId))?.focus();
  }, [deleted, titleId]);

  const failed = requests.data === undefined && requests.isError && !requests.isFetching;
  if (!failed && !requests.data?.length) return null;

  return (
    <Card
      id={REQUIRED_DOCUMENTS_ANCHOR}
      role="region"
      aria-labelledby={titleId}
      className="scroll-mt-4 gap-4 p-6"
    >
      <div className="flex flex-col gap-1">
        <CardTitle
          id={titleId}
          tabIndex={-1}
          className="rounded outline-none focus-visible:ring-3 focus-visible:ring-ring"
        >
          Required documents
        </CardTitle>
        {requests.data ? (
          <CardDescription>
            Upload each one here, in its own row, so it can be reviewed.{' '}
            <span className="font-semibold text-foreground">
              {acceptedDocumentsText(requests.data)}.
            </span>
          </CardDescription>
        ) : null}
      </div>
      {requests.data ? (
        <ul className="flex flex-col gap-3">
          {requests.data.map((request) => (
            <DocumentRequestRow
              key={request.id}
              request={request}
              headingId={requestHeadingId(titleId, request.id)}
              onView={view}
              onDelete={remove}
            />
          ))}
        </ul>
      ) : (
        <LoadFailedAlert title={REQUESTS_LOAD_FAILED} onRetry={() => void requests.refetch()} />
      )}
      {dialogs}
    </Card>
  );
}
