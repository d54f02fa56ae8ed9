import { CircleCheck, Clock, TriangleAlert } from 'lucide-react';
import type { TDocumentRequest } from '../../../../shared/document-requests.js';
import type { TDocument } from '../../../../shared/documents.js';
import { Alert, AlertDescription } from '../../../components/ui/alert.js';
import { DocumentItem } from './document-item.js';
import { DocumentRequestStateBadge } from './document-request-state-badge.js';
import { DocumentUploader } from './document-uploader.js';
import { DueDateLabel } from './due-date-label.js';

/** What the row says instead of its upload button while the request takes no file. */
function closedNoteOf(state: TDocumentRequest['state']) {
  if (state === 'under_review') {
    return (
      <>
        <Clock className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        Waiting for review
      </>
    );
  }
  if (state === 'accepted') {
    return (
      <>
        <CircleCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
        Accepted
      </>
    );
  }
  return undefined;
}

/**
 * One document staff asked for: its state, when it is due (until accepted), their note, why the
 * last file was sent back, every file uploaded into it (newest first, the ones sent back with
 * their reasons), and an upload straight into it while it waits on the student.
 */
export function DocumentRequestRow({
  request,
  headingId,
  onView,
  onDelete,
}: {
  request: TDocumentRequest;
  /** The row's heading, which takes the keyboard after one of its files is deleted. */
  headingId: string;
  onView: (document: TDocument) => void;
  onDelete: (document: TDocument) => void;
}) {
  const { title, state } = request;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-xl border border-border p-4"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <h3
            id={headingId}
            tabIndex={-1}
            className="min-w-0 rounded text-base leading-snug font-semibold wrap-anywhere outline-none focus-visible:ring-3 focus-visible:ring-ring"
          >
            {title}
          </h3>
          <DocumentRequestStateBadge state={state} />
        </div>
        {state !== 'accepted' && request.dueDate ? (
          <DueDateLabel dueDate={request.dueDate} />
        ) : null}
        {request.note ? (
          <p className="text-sm leading-relaxed wrap-anywhere">
            <span className="font-semibold">Note: </span>
            {request.note}
          </p>
        ) : null}
        {state === 'rejected' && request.reason ? (
          <Alert variant="warning" role="note">
            <TriangleAlert aria-hidden="true" />
            <AlertDescription className="wrap-anywhere">
              <span className="font-semibold">Reason: </span>
              {request.reason}
            </AlertDescription>
          </Alert>
        ) : null}
        {request.documents.length > 0 ? (
          <ul aria-label={`Files for ${title}`} className="flex flex-col divide-y divide-border">
            {request.documents.map((document) => (
              <DocumentItem
                key={document.id}
                document={document}
                onView={onView}
                onDelete={onDelete}
              >
                {document.review === 'rejected' ? (
                  <p className="text-xs font-medium wrap-anywhere text-red-800">
                    Not accepted{document.reason ? `: ${document.reason}` : ''}
                  </p>
                ) : null}
              </DocumentItem>
            ))}
          </ul>
        ) : null}
        <DocumentUploader
          applicationId={request.applicationId}
          documentRequestId={request.id}
          label={
            <>
              {state === 'rejected' ? 'Upload again' : 'Upload'}{' '}
              <span className="sr-only">{title}</span>
            </>
          }
          inputLabel={`Choose a file for ${title}`}
          closedNote={closedNoteOf(state)}
        />
      </article>
    </li>
  );
}
