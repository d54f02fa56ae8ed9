import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../shared/api-paths.js';
import {
  ZMessageListResponseSchema,
  type TMessage,
  type TMessageListResponse,
} from '../../shared/messages.js';
import { apiRequest } from '../lib/api-client.js';
import { useAuth } from '../lib/auth.js';

/**
 * The student's messages, for the messages feature and for the unread count that the portal's
 * navigation and the dashboard show: one read and one cache for all three, so reading a message
 * takes it off every count at once.
 */

/** GET /api/messages (spec section 7): the student's messages, sent and received, newest first. */
export async function getMessages(): Promise<TMessageListResponse> {
  const res = await apiRequest('GET', API_PATHS.messages);
  return ZMessageListResponseSchema.parse(await res.json());
}

/**
 * Keyed by the student as well as the path, so one student's inbox is never shown to another who
 * signs in on the same tab. The mutations change `[API_PATHS.messages]`, which matches every key.
 */
export const messagesQueryKey = (studentId: string) => [API_PATHS.messages, studentId] as const;
export const allMessagesQueryKey = [API_PATHS.messages] as const;

/** Never stale on its own (spec section 7, "Caching"): sending and reading update it. */
export function getMessagesQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: messagesQueryKey(studentId),
    queryFn: getMessages,
    staleTime: Infinity,
  });
}

/** The signed-in student's id, once the session may read messages (a full, verified session). */
export function useMessagesStudentId(): string | null {
  const { user, isAuthenticated, faceVerified } = useAuth();
  const allowed = isAuthenticated && faceVerified && user?.sessionScope === 'student';
  return allowed ? user.id : null;
}

export function useMessages() {
  const studentId = useMessagesStudentId();
  return useQuery({ ...getMessagesQueryOptions(studentId ?? ''), enabled: studentId !== null });
}

/** A message from the university the student has not read: what carries 'New' (spec section 4). */
export const isUnread = (message: TMessage): boolean =>
  message.direction === 'inbound' && !message.isRead;

const countUnread = (messages: TMessageListResponse): number => messages.filter(isUnread).length;

/** How many messages wait unread; null until the list is known (nothing is shown for it then). */
export function useUnreadMessageCount(): number | null {
  const studentId = useMessagesStudentId();
  const unread = useQuery({
    ...getMessagesQueryOptions(studentId ?? ''),
    enabled: studentId !== null,
    select: countUnread,
  });
  return studentId === null ? null : (unread.data ?? null);
}
