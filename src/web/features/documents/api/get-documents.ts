import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  ZDocumentListResponseSchema,
  type TDocumentListResponse,
} from '../../../../shared/documents.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';

/** GET /api/documents?applicationId=N: the student's documents for one application, newest first. */
export async function getDocuments(applicationId: number): Promise<TDocumentListResponse> {
  const query = new URLSearchParams({ applicationId: String(applicationId) });
  const res = await apiRequest('GET', `${API_PATHS.documents}?${query.toString()}`);
  return ZDocumentListResponseSchema.parse(await res.json());
}

/**
 * Keyed by the student as well as the path, so one student's documents are never shown to
 * another who signs in on the same tab. Uploads and deletes change `[API_PATHS.documents]`,
 * which matches every key.
 */
export const allDocumentsQueryKey = [API_PATHS.documents] as const;

/** Never stale on its own (spec section 7, "Caching"): uploads and deletes refresh it. */
export function getDocumentsQueryOptions(studentId: string, applicationId: number) {
  return queryOptions({
    queryKey: [...allDocumentsQueryKey, studentId, applicationId] as const,
    queryFn: () => getDocuments(applicationId),
    staleTime: Infinity,
  });
}

export function useDocuments(applicationId: number) {
  const { user } = useAuth();
  return useQuery({
    ...getDocumentsQueryOptions(user?.id ?? '', applicationId),
    enabled: user !== null,
  });
}
