import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import { ZRoadmapResponseSchema, type TRoadmapResponse } from '../../../../shared/roadmap.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';

/** GET /api/roadmap: the signed-in student's visa roadmap, derived on the server from their record. */
export async function getRoadmap(): Promise<TRoadmapResponse> {
  const res = await apiRequest('GET', API_PATHS.roadmap);
  return ZRoadmapResponseSchema.parse(await res.json());
}

/** Keyed by the student as well as the path, so one student's roadmap is never another's. */
export const roadmapQueryKey = (studentId: string) => [API_PATHS.roadmap, studentId] as const;

/** Never stale on its own (spec section 7, "Caching"): the record changes on the school's side. */
export function getRoadmapQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: roadmapQueryKey(studentId),
    queryFn: getRoadmap,
    staleTime: Infinity,
  });
}

export function useRoadmap() {
  const { user, isAuthenticated, faceVerified } = useAuth();
  const enabled = isAuthenticated && faceVerified && user?.sessionScope === 'student';
  return useQuery({ ...getRoadmapQueryOptions(user?.id ?? ''), enabled });
}
