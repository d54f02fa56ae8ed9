import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  ZFailedNotificationsResponseSchema,
  ZNotificationRetryResponseSchema,
} from '../../../shared/staff-mail.js';
import { consoleRead } from './console-request.js';

const failedKey = ['staff', 'notifications', 'failed'] as const;

/** GET /api/staff/notifications/failed (administrators): what was not delivered, newest first. */
export function useFailedNotifications() {
  return useQuery({
    queryKey: failedKey,
    staleTime: 0,
    queryFn: () =>
      consoleRead(STAFF_API_PATHS.staffFailedNotifications, ZFailedNotificationsResponseSchema),
  });
}

/**
 * POST /api/staff/notifications/{id}/retry: the notification goes back to the queue. The list is
 * read again either way: after a 409 someone else has retried it, and it is no longer failed.
 */
export function useRetryNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      consoleRead(
        apiPath(STAFF_API_PATHS.staffNotificationRetry, { id }),
        ZNotificationRetryResponseSchema,
        'POST',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedKey }),
  });
}
