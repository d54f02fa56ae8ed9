import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  ZDocumentRequestListResponseSchema,
  type TDocumentRequest,
} from '../../../../shared/document-requests.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';

/**
 * GET /api/document-requests: every document request of the student's applications, oldest
 * first, with their files. The dashboard's "Action required" and the applications list's counts
 * read it.
 */
export async function getDocumentRequests(): Promise<TDocumentRequest[]> {
  const res = await apiRequest('GET', API_PATHS.documentRequests);
  return ZDocumentRequestListResponseSchema.parse(await res.json());
}

/** Keyed by the student as well as the path, as every personal read is (get-documents.ts). */
export const allDocumentRequestsQueryKey = [API_PATHS.documentRequests] as const;

/** Never stale on its own (spec section 7, "Caching"): uploads and deletes refresh it. */
export function getDocumentRequestsQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: [...allDocumentRequestsQueryKey, studentId] as const,
    queryFn: getDocumentRequests,
    staleTime: Infinity,
  });
}

export function useDocumentRequests() {
  const { user } = useAuth();
  return useQuery({
    ...getDocumentRequestsQueryOptions(user?.id ?? ''),
    enabled: user !== null,
  });
}
