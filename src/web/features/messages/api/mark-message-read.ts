import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath } from '../../../../shared/api-paths.js';
import { ZMessageSchema, type TMessage } from '../../../../shared/messages.js';
import { apiRequest } from '../../../lib/api-client.js';
import { readApiError } from '../../../lib/read-api-error.js';
import {
  allMessagesQueryKey,
  getMessagesQueryOptions,
  useMessagesStudentId,
} from '../../../hooks/use-messages.js';

export const MARK_AS_READ_FAILED = 'This message could not be marked as read. Please try again.';

/** PATCH /api/messages/{id}/read (spec section 7): marks one of the student's messages read. */
export async function markMessageRead(id: number): Promise<TMessage> {
  const res = await apiRequest('PATCH', apiPath(API_PATHS.messageRead, { id }));
  return ZMessageSchema.parse(await res.json());
}

export function markMessageReadFailureMessage(error: unknown): string {
  return readApiError(error)?.message ?? MARK_AS_READ_FAILED;
}

/**
 * Marks a message read in the list at once (its 'New' badge and 'Mark as Read' go as the student
 * presses), puts it back as it was if the server refuses, and re-reads the list either way.
 */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  const studentId = useMessagesStudentId();
  const { queryKey } = getMessagesQueryOptions(studentId ?? '');

  const setRead = (id: number, isRead: boolean) => {
    queryClient.setQueryData(queryKey, (list) =>
      list?.map((message) => (message.id === id ? { ...message, isRead } : message)),
    );
  };

  return useMutation({
    mutationFn: markMessageRead,
    onMutate: async (id) => {
      // A list already on its way would land with the message still unread.
      await queryClient.cancelQueries({ queryKey });
      setRead(id, true);
    },
    onError: (_error, id) => {
      setRead(id, false);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: allMessagesQueryKey });
    },
  });
}
