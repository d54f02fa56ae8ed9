import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  MESSAGE_ERRORS,
  ZMessageSchema,
  type TMessage,
  type TSendMessageRequest,
} from '../../../../shared/messages.js';
import { apiRequest } from '../../../lib/api-client.js';
import { readApiError } from '../../../lib/read-api-error.js';
import {
  allMessagesQueryKey,
  getMessagesQueryOptions,
  useMessagesStudentId,
} from '../../../hooks/use-messages.js';

/**
 * POST /api/messages (spec section 7) with either payload: {to, subject, content} from the
 * messages page, or the application detail page's {from, content, subject, to, isRead} with the
 * application it is about. Answers the stored message.
 */
export async function sendMessage(body: TSendMessageRequest): Promise<TMessage> {
  const res = await apiRequest('POST', API_PATHS.messages, body);
  return ZMessageSchema.parse(await res.json());
}

/** The server's own words when it refused (a limit, an unknown office), else a plain retry. */
export function sendMessageFailureMessage(error: unknown): string {
  return readApiError(error)?.message ?? MESSAGE_ERRORS.sendFailed;
}

/** Sends, then shows the stored message at the top of the list at once and re-reads the list. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const studentId = useMessagesStudentId();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (sent) => {
      if (studentId !== null) {
        queryClient.setQueryData(getMessagesQueryOptions(studentId).queryKey, (list) =>
          list ? [sent, ...list.filter((message) => message.id !== sent.id)] : list,
        );
      }
      // Not awaited: the form clears as soon as the server has the message.
      void queryClient.invalidateQueries({ queryKey: allMessagesQueryKey });
    },
  });
}
