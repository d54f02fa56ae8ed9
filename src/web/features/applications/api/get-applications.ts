import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  ZApplicationListResponseSchema,
  type TApplicationListResponse,
} from '../../../../shared/applications.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';

/** GET /api/applications (spec section 7): the signed-in student's own applications. */
export async function getApplications(): Promise<TApplicationListResponse> {
  const res = await apiRequest('GET', API_PATHS.applications);
  return ZApplicationListResponseSchema.parse(await res.json());
}

/**
 * Keyed by the student as well as the path, so one student's applications are never shown to
 * another who signs in on the same tab. One application's key starts with this one.
 */
export const applicationsQueryKey = (studentId: string) =>
  [API_PATHS.applications, studentId] as const;

/** Never stale on its own (spec section 7, "Caching"): statuses change on the server's side. */
export function getApplicationsQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: applicationsQueryKey(studentId),
    queryFn: getApplications,
    staleTime: Infinity,
  });
}

/** `enabled: false` holds the read back until a page knows it needs it. */
export function useApplications({ enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({
    ...getApplicationsQueryOptions(user?.id ?? ''),
    enabled: enabled && user !== null,
  });
}
