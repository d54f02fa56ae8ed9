import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import { ZProfileSchema, type TProfile } from '../../../../shared/profile.js';
import {
  SEALED_PROFILE_FIELDS,
  type TSealedProfileField,
} from '../../../../shared/sealed-profile-fields.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';
import { OFFLINE_COPY_HEADER } from '../../../lib/offline-reads.js';

/** The profile as the service worker keeps it for offline use: without its sealed fields. */
const ZOfflineProfileSchema = ZProfileSchema.omit(
  Object.fromEntries(SEALED_PROFILE_FIELDS.map((field) => [field, true])) as Record<
    TSealedProfileField,
    true
  >,
);
export type TOfflineProfile = Omit<TProfile, TSealedProfileField>;

/**
 * The profile as read: the server's, whole, or, when the server could not be reached, the
 * worker's offline copy, which lacks the fields sealed at rest (decision 007). Only a whole profile
 * can be edited, so no save ever blanks a field the offline copy left out.
 */
export type TProfileRead =
  { offlineCopy: false; profile: TProfile } | { offlineCopy: true; profile: TOfflineProfile };

/** GET /api/profile (spec section 7): the signed-in student's profile, every field as text. */
export async function getProfile(): Promise<TProfileRead> {
  const res = await apiRequest('GET', API_PATHS.profile);
  const body: unknown = await res.json();
  return res.headers.has(OFFLINE_COPY_HEADER)
    ? { offlineCopy: true, profile: ZOfflineProfileSchema.parse(body) }
    : { offlineCopy: false, profile: ZProfileSchema.parse(body) };
}

/**
 * Keyed by the student as well as the path, so one student's profile (passport number and all)
 * is never shown to another who signs in on the same tab.
 */
export const profileQueryKey = (studentId: string) => [API_PATHS.profile, studentId] as const;

/**
 * Never stale on its own (spec section 7, "Caching"): only saving changes it. An offline copy is
 * stale at once, so the whole profile is read again as soon as the connection is back.
 */
export function getProfileQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: profileQueryKey(studentId),
    queryFn: getProfile,
    staleTime: ({ state }) => (state.data?.offlineCopy ? 0 : Infinity),
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
