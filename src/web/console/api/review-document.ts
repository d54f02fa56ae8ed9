import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  type TDocumentReviewRequest,
  type TStaffDocumentRequest,
  ZStaffDocumentRequestSchema,
} from '../../../shared/staff-document-requests.js';
import { consoleRead, failedStatus } from './console-request.js';
import { documentRequestsKey } from './document-requests.js';
import { reviewQueueQuery } from './review-queue.js';

export interface DocumentReview {
  documentId: number;
  /** The application the file's request belongs to: its checklist is the one that changes. */
  applicationId: number;
  review: TDocumentReviewRequest;
}

/**
 * POST /api/staff/documents/{id}/review: accept the file, or send it back with a reason. The
 * answer is the request as it now stands, which replaces it in its checklist; the file leaves the
 * queue at once (the reviews page then shows the next) and the queue is read again. A 409
 * (someone else reviewed it, or the student replaced it) reads the checklist again, so the page
 * shows what happened instead of the stale file.
 */
export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, review }: DocumentReview) =>
      consoleRead(
        apiPath(STAFF_API_PATHS.staffDocumentReview, { id: documentId }),
        ZStaffDocumentRequestSchema,
        'POST',
        review,
      ),
    onSuccess: (updated, { documentId }) => {
      queryClient.setQueryData<TStaffDocumentRequest[]>(
        documentRequestsKey(updated.applicationId),
        (requests) => requests?.map((request) => (request.id === updated.id ? updated : request)),
      );
      queryClient.setQueryData(
        reviewQueueQuery.queryKey,
        (queue) =>
          queue && {
            items: queue.items.filter((item) => item.documentId !== documentId),
            total: Math.max(0, queue.total - 1),
          },
      );
    },
    onError: (error, { applicationId }) => {
      if (failedStatus(error) === 409)
        void queryClient.invalidateQueries({ queryKey: documentRequestsKey(applicationId) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewQueueQuery.queryKey }),
  });
}
