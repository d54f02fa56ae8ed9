import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath } from '../../../../shared/api-paths.js';
import { ZApplicationSchema, type TApplication } from '../../../../shared/applications.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';
import { applicationsQueryKey, getApplicationsQueryOptions } from './get-applications.js';

/**
 * GET /api/applications/{id}: one of the student's applications. An unknown id and another
 * student's id both answer 404 'Application Not Found'.
 */
export async function getApplication(id: number): Promise<TApplication> {
  const res = await apiRequest('GET', apiPath(API_PATHS.application, { id }));
  return ZApplicationSchema.parse(await res.json());
}

export function getApplicationQueryOptions(studentId: string, id: number) {
  return queryOptions({
    queryKey: [...applicationsQueryKey(studentId), id] as const,
    queryFn: () => getApplication(id),
    staleTime: Infinity,
  });
}

/**
 * One application. Coming from the list, the page shows the list's copy at once instead of a
 * loading state; it is as fresh as the list, so the page does not ask again.
 */
export function useApplication(id: number) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const studentId = user?.id ?? '';
  const listKey = getApplicationsQueryOptions(studentId).queryKey;
  return useQuery({
    ...getApplicationQueryOptions(studentId, id),
    enabled: user !== null,
    initialData: () =>
      queryClient.getQueryData(listKey)?.find((application) => application.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(listKey)?.dataUpdatedAt,
  });
}
