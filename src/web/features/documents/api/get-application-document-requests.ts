import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath } from '../../../../shared/api-paths.js';
import {
  ZDocumentRequestListResponseSchema,
  type TDocumentRequest,
} from '../../../../shared/document-requests.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';
import { getDocumentRequestsQueryOptions } from './get-document-requests.js';

/** GET /api/applications/{id}/document-requests: one application's requests, oldest first. */
export async function getApplicationDocumentRequests(
  applicationId: number,
): Promise<TDocumentRequest[]> {
  const res = await apiRequest(
    'GET',
    apiPath(API_PATHS.applicationDocumentRequests, { id: applicationId }),
  );
  return ZDocumentRequestListResponseSchema.parse(await res.json());
}

/** Matches every application's key; uploads and deletes refresh them all. */
export const allApplicationDocumentRequestsQueryKey = [
  API_PATHS.applicationDocumentRequests,
] as const;

export function getApplicationDocumentRequestsQueryOptions(
  studentId: string,
  applicationId: number,
) {
  return queryOptions({
    queryKey: [...allApplicationDocumentRequestsQueryKey, studentId, applicationId] as const,
    queryFn: () => getApplicationDocumentRequests(applicationId),
    staleTime: Infinity,
  });
}

/**
 * One application's requests. Coming from the dashboard or the list, the page shows the
 * application's share of every request at once (same items, same order) instead of a loading
 * state, as fresh as that copy, as useApplication does with the applications list.
 */
export function useApplicationDocumentRequests(applicationId: number) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const studentId = user?.id ?? '';
  const allKey = getDocumentRequestsQueryOptions(studentId).queryKey;
  return useQuery({
    ...getApplicationDocumentRequestsQueryOptions(studentId, applicationId),
    enabled: user !== null,
    initialData: () =>
      queryClient
        .getQueryData(allKey)
        ?.filter((request) => request.applicationId === applicationId),
    initialDataUpdatedAt: () => queryClient.getQueryState(allKey)?.dataUpdatedAt,
  });
}
