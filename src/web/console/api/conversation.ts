import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZMessageSchema } from '../../../shared/messages.js';
import {
  type TStaffConversation,
  type TStaffReplyRequest,
  ZStaffConversationSchema,
  ZStaffMarkReadResponseSchema,
} from '../../../shared/staff-inbox.js';
import { consoleRead } from './console-request.js';
import { inboxQueryKey } from './staff-inbox.js';

export interface ConversationRef {
  studentId: string;
  messageId: number;
}

const conversationKey = ({ studentId, messageId }: ConversationRef) =>
  [...inboxQueryKey, studentId, messageId] as const;
const path = (template: string, { studentId, messageId }: ConversationRef) =>
  apiPath(template, { id: studentId, messageId });

/** GET /api/staff/students/{id}/messages/{messageId}: the message, its replies, who may answer. */
export function useConversation(ref: ConversationRef) {
  return useQuery({
    queryKey: conversationKey(ref),
    staleTime: 0,
    queryFn: () =>
      consoleRead(path(STAFF_API_PATHS.staffStudentMessage, ref), ZStaffConversationSchema),
  });
}

/** PUT …/read: the message is read by the offices; the conversation shows when. */
export function useMarkConversationRead(ref: ConversationRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      consoleRead(
        path(STAFF_API_PATHS.staffStudentMessageRead, ref),
        ZStaffMarkReadResponseSchema,
        'PUT',
      ),
    onSuccess: ({ officeReadAt }) => {
      queryClient.setQueryData<TStaffConversation>(conversationKey(ref), (conversation) =>
        conversation ? { ...conversation, officeReadAt } : conversation,
      );
    },
  });
}

/**
 * POST …/replies: the reply, then the inbox, this conversation and the student's record (its
 * Messages tab) read again.
 */
export function useReplyToStudent(ref: ConversationRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TStaffReplyRequest) =>
      consoleRead(
        path(STAFF_API_PATHS.staffStudentMessageReplies, ref),
        ZMessageSchema,
        'POST',
        request,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'student', ref.studentId] }),
      ]),
  });
}
