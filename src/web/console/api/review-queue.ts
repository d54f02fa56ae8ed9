import { queryOptions, useQuery } from '@tanstack/react-query';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZReviewQueueResponseSchema } from '../../../shared/staff-document-requests.js';
import { consoleRead } from './console-request.js';

/** GET /api/staff/reviews: the files waiting for review in the caller's scope, oldest first. */
export const reviewQueueQuery = queryOptions({
  queryKey: ['staff', 'reviews'],
  // Students upload all day: the queue is read afresh each visit.
  staleTime: 0,
  queryFn: () => consoleRead(STAFF_API_PATHS.staffReviews, ZReviewQueueResponseSchema),
});

export function useReviewQueue() {
  return useQuery(reviewQueueQuery);
}
