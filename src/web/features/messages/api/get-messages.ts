import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  ZMessageListResponseSchema,
  type TMessageListResponse,
} from '../../../../shared/messages.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';

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
