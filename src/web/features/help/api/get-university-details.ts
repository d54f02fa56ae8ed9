import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  DETAILS_STALE_TIME_MS,
  HELP_MESSAGES,
  ZUniversityDetailsResponseSchema,
  type TUniversityDetailsResponse,
} from '../../../../shared/help.js';
import { useAuth } from '../../../lib/auth.js';
import { requestDetails } from './request-details.js';

/** POST /api/university-details (spec section 7): the school on the student's record. */
export function getUniversityDetails(): Promise<TUniversityDetailsResponse> {
  return requestDetails(API_PATHS.universityDetails, HELP_MESSAGES.universityFetchFailed, (body) =>
    ZUniversityDetailsResponseSchema.parse(body),
  );
}

/** Keyed by the student, so a student signing in on the same tab never sees the last one's. */
export function getUniversityDetailsQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: [API_PATHS.universityDetails, studentId] as const,
    queryFn: getUniversityDetails,
    staleTime: DETAILS_STALE_TIME_MS,
  });
}

export function useUniversityDetails() {
  const { user } = useAuth();
  return useQuery({ ...getUniversityDetailsQueryOptions(user?.id ?? ''), enabled: user !== null });
}
