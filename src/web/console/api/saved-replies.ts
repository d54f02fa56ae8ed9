import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  type TSavedReplyRequest,
  ZSavedRepliesResponseSchema,
  ZSavedReplySchema,
} from '../../../shared/saved-replies.js';
import { consoleRead, consoleRequest } from './console-request.js';

const savedRepliesKey = ['staff', 'saved-replies'] as const;

/** GET /api/staff/saved-replies: every role reads them, to insert one into a reply. */
export function useSavedReplies() {
  return useQuery({
    queryKey: savedRepliesKey,
    staleTime: 0,
    queryFn: () => consoleRead(STAFF_API_PATHS.staffSavedReplies, ZSavedRepliesResponseSchema),
  });
}

/**
 * POST /api/staff/saved-replies, or PUT …/{id} with an id (administrators), then the list read
 * again.
 */
export function useSaveSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...request }: TSavedReplyRequest & { id?: number }) =>
      id === undefined
        ? consoleRead(STAFF_API_PATHS.staffSavedReplies, ZSavedReplySchema, 'POST', request)
        : consoleRead(
            apiPath(STAFF_API_PATHS.staffSavedReply, { id }),
            ZSavedReplySchema,
            'PUT',
            request,
          ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedRepliesKey }),
  });
}

/** DELETE /api/staff/saved-replies/{id} (administrators), then the list read again. */
export function useDeleteSavedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      consoleRequest('DELETE', apiPath(STAFF_API_PATHS.staffSavedReply, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedRepliesKey }),
  });
}
