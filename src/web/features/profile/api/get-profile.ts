import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import { ZProfileSchema, type TProfile } from '../../../../shared/profile.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';

/** GET /api/profile (spec section 7): the signed-in student's profile, every field as text. */
export async function getProfile(): Promise<TProfile> {
  const res = await apiRequest('GET', API_PATHS.profile);
  return ZProfileSchema.parse(await res.json());
}

/**
 * Keyed by the student as well as the path, so one student's profile (passport number and all)
 * is never shown to another who signs in on the same tab.
 */
export const profileQueryKey = (studentId: string) => [API_PATHS.profile, studentId] as const;

/** Never stale on its own (spec section 7, "Caching"): only saving changes it. */
export function getProfileQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: profileQueryKey(studentId),
    queryFn: getProfile,
    staleTime: Infinity,
  });
}

/** The signed-in student's id, once the session may read the profile (full and verified). */
export function useProfileStudentId(): string | null {
  const { user, isAuthenticated, faceVerified } = useAuth();
  const allowed = isAuthenticated && faceVerified && user?.sessionScope === 'student';
  return allowed ? user.id : null;
}

export function useProfile() {
  const studentId = useProfileStudentId();
  return useQuery({ ...getProfileQueryOptions(studentId ?? ''), enabled: studentId !== null });
}
