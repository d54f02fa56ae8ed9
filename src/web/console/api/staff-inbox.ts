import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZStaffInboxResponseSchema } from '../../../shared/staff-inbox.js';
import { consoleRead, withQuery } from './console-request.js';

/** Every answer of the inbox: the list and each conversation, read again after a reply. */
export const inboxQueryKey = ['staff', 'inbox'] as const;

/** GET /api/staff/inbox: the students' messages, unread first, "Load more" through nextCursor. */
export function useStaffInbox() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...inboxQueryKey, 'list'],
      // The app's cache keeps answers until told otherwise; the inbox is read afresh each visit.
      staleTime: 0,
      queryFn: ({ pageParam }) =>
        consoleRead(
          withQuery(
            STAFF_API_PATHS.staffInbox,
            new URLSearchParams(pageParam ? { cursor: pageParam } : {}),
          ),
          ZStaffInboxResponseSchema,
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}
