import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TReviewDecision } from '../../../shared/document-requests.js';
import { FailureAlert } from '../../components/ui/failure-alert.js';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert.js';
import { LoadingStatus } from '../../components/ui/loading-status.js';
import { failureMessage } from '../api/console-request.js';
import { useReviewDocument } from '../api/review-document.js';
import { reviewQueueQuery, useReviewQueue } from '../api/review-queue.js';
import { ConsolePage } from '../components/console-page.js';
import { CurrentReview } from '../components/reviews/current-review.js';
import { ReviewQueueList } from '../components/reviews/review-queue-list.js';
import { ReviewShortcutsHelp } from '../components/reviews/review-shortcuts-help.js';
import { useReviewShortcuts } from '../components/reviews/use-review-shortcuts.js';
import { consolePaths } from '../console-paths.js';

const waiting = (count: number) => (count === 1 ? '1 file waits' : `${count} files wait`);

/**
 * `/staff/reviews`: every file uploaded into a request in the caller's scope that waits for
 * review, oldest first, the current one shown beside the list. A decision moves on to the next
 * file, so a reviewer goes through the queue with the keyboard alone.
 */
export function ReviewsPage() {
  const queue = useReviewQueue();
  const review = useReviewDocument();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The current file, and where it was: once reviewed (here or by someone else) it leaves the
  // queue, and the file that takes its place is the next one.
  const [selected, setSelected] = useState({ id: -1, position: 0 });
  const [rejecting, setRejecting] = useState(false);
  const [said, setSaid] = useState('');
  const buttonRefs = useRef(new Map<number, HTMLButtonElement>());
  const focusCurrentAfterRender = useRef(false);

  const items = queue.data?.items ?? [];
  const total = queue.data?.total ?? items.length;
  const found = items.findIndex((item) => item.documentId === selected.id);
  const index = found >= 0 ? found : Math.min(selected.position, items.length - 1);
  const current = items[index];

  // After a decision the reason form or the decided item had the keyboard: both are gone.
  useEffect(() => {
    if (!focusCurrentAfterRender.current || !current) return;
    focusCurrentAfterRender.current = false;
    buttonRefs.current.get(current.documentId)?.focus();
  });

  const select = (position: number) => {
    const item = items[position];
    if (!item) return;
    setSelected({ id: item.documentId, position });
    setRejecting(false);
    review.reset();
    buttonRefs.current.get(item.documentId)?.focus();
  };

  const decide = (decision: TReviewDecision, reason: string | null) => {
    if (!current || review.isPending) return;
    const decided = current;
    setSaid('');
    review.mutate(
      {
        documentId: decided.documentId,
        applicationId: decided.applicationId,
        review: { decision, reason },
      },
      {
        onSuccess: () => {
          setRejecting(false);
          focusCurrentAfterRender.current = true;
          const left = queryClient.getQueryData(reviewQueueQuery.queryKey)?.total ?? 0;
          const what = `${decided.title} for ${decided.studentName}`;
          setSaid(
            `${decision === 'accept' ? `Accepted ${what}` : `Sent back ${what}: ${reason ?? ''}`}. ${left === 0 ? 'Nothing else waits.' : `${waiting(left)}.`}`,
          );
        },
        onError: () => {
          setRejecting(false);
        },
      },
    );
  };

  useReviewShortcuts(
    {
      next: () => {
        select(index + 1);
      },
      previous: () => {
        select(index - 1);
      },
      accept: () => {
        decide('accept', null);
      },
      reject: () => {
        if (current) setRejecting(true);
      },
      openRecord: () => {
        if (current) void navigate(consolePaths.student.getHref(current.studentId, 'applications'));
      },
    },
    items.length > 0,
  );

  return (
    <ConsolePage
      title="Reviews"
      description="Files students uploaded for a requested document, oldest first."
    >
      <ReviewShortcutsHelp />
      <p role="status" className="text-sm font-semibold">
        {said}
      </p>
      <FailureAlert
        failure={
          review.isError ? failureMessage(review.error, 'The review could not be saved.') : null
        }
      />
      {queue.isPending ? (
        <LoadingStatus>Loading the files to review…</LoadingStatus>
      ) : queue.isError && items.length === 0 ? (
        <LoadFailedAlert
          title="The files to review could not be loaded."
          onRetry={() => void queue.refetch()}
        />
      ) : !current ? (
        <p className="rounded-2xl border border-border bg-card p-6 text-center text-muted-foreground">
          Nothing waits for review.
        </p>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <div className="flex flex-col gap-2">
            <p className="text-sm text-muted-foreground">
              {waiting(total)}
              {total > items.length ? `; the oldest ${items.length} are shown.` : '.'}
            </p>
            <ReviewQueueList
              items={items}
              currentId={current.documentId}
              buttonRefs={buttonRefs}
              onSelect={(documentId) => {
                select(items.findIndex((item) => item.documentId === documentId));
              }}
            />
          </div>
          <CurrentReview
            item={current}
            pending={review.isPending}
            rejecting={rejecting}
            onRejectingChange={setRejecting}
            onDecide={decide}
          />
        </div>
      )}
    </ConsolePage>
  );
}
