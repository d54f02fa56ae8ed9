import { Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { TReviewDecision } from '../../../../shared/document-requests.js';
import type { TStaffDocumentRequest } from '../../../../shared/staff-document-requests.js';
import { Button } from '../../../components/ui/button.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { RelativeTime } from '../../../components/ui/relative-time.js';
import { cn } from '../../../lib/cn.js';
import { failureMessage } from '../../api/console-request.js';
import { useReviewDocument } from '../../api/review-document.js';
import { describeDueDate } from './describe-due-date.js';
import type { ViewedFile } from './document-viewer.js';
import { RequestFiles } from './request-files.js';
import { RequestStateBadge } from './request-state-badge.js';
import { ReviewControls } from './review-controls.js';

/**
 * One requested document: its state, due date, note and who asked; its files; and, for a staff
 * member who reviews documents, Accept or Reject for the newest file while it waits, or Remove
 * while nothing was uploaded.
 */
export function DocumentRequestItem({
  studentId,
  request,
  today,
  mayReview,
  onView,
  onRemove,
}: {
  studentId: string;
  request: TStaffDocumentRequest;
  /** YYYY-MM-DD, for the due date. */
  today: string;
  mayReview: boolean;
  onView: (file: ViewedFile) => void;
  onRemove: (request: TStaffDocumentRequest) => void;
}) {
  const review = useReviewDocument();
  const [rejecting, setRejecting] = useState(false);
  const [outcome, setOutcome] = useState('');
  const [newest] = request.documents;
  // Only the newest file can wait for review: older ones were decided before it came.
  const waiting = newest?.review === 'pending' ? newest : undefined;
  const due = request.dueDate ? describeDueDate(request.dueDate, request.state, today) : null;

  const decide = (decision: TReviewDecision, reason: string | null) => {
    if (!waiting || review.isPending) return;
    setOutcome('');
    review.mutate(
      {
        documentId: waiting.id,
        applicationId: request.applicationId,
        review: { decision, reason },
      },
      {
        onSuccess: () => {
          setRejecting(false);
          setOutcome(
            decision === 'accept'
              ? `Accepted ${waiting.fileName}.`
              : `Sent back ${waiting.fileName}: ${reason ?? ''}`,
          );
        },
        onError: () => {
          setRejecting(false);
        },
      },
    );
  };

  return (
    <li
      aria-label={request.title}
      className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4 text-sm"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="text-base font-semibold wrap-anywhere">{request.title}</h3>
        <RequestStateBadge state={request.state} />
        {due ? (
          <span
            className={cn(
              'inline-flex items-center gap-1',
              due.overdue ? 'font-semibold text-destructive' : 'text-muted-foreground',
            )}
          >
            {due.overdue ? <TriangleAlert className="size-4" aria-hidden="true" /> : null}
            {due.text}
          </span>
        ) : null}
      </div>
      <p className="text-muted-foreground">
        {request.requestedBy ? `Asked by ${request.requestedBy}` : "From the school's checklist"},{' '}
        <RelativeTime value={request.createdAt} afterAWeek="date" />
      </p>
      {request.note ? (
        <p className="whitespace-pre-line wrap-anywhere">Note to the student: {request.note}</p>
      ) : null}
      <RequestFiles
        files={request.documents}
        onView={(file) => {
          onView({
            studentId,
            documentId: file.id,
            fileName: file.fileName,
            fileType: file.fileType,
          });
        }}
      />
      <FailureAlert
        failure={
          review.isError ? failureMessage(review.error, 'The review could not be saved.') : null
        }
      />
      {mayReview && waiting ? (
        <ReviewControls
          fileName={waiting.fileName}
          pending={review.isPending}
          rejecting={rejecting}
          onRejectingChange={setRejecting}
          onDecide={decide}
        />
      ) : null}
      {mayReview && request.documents.length === 0 ? (
        <Button
          type="button"
          variant="ghost-destructive"
          size="sm"
          className="self-start"
          onClick={() => {
            onRemove(request);
          }}
        >
          <Trash2 aria-hidden="true" />
          Remove <span className="sr-only">the request for {request.title}</span>
        </Button>
      ) : null}
      <p role="status" className="text-muted-foreground">
        {outcome}
      </p>
    </li>
  );
}
