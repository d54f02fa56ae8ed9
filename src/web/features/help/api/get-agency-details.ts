import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  DETAILS_STALE_TIME_MS,
  HELP_MESSAGES,
  ZAgencyDetailsResponseSchema,
  type TAgencyDetailsResponse,
} from '../../../../shared/help.js';
import { useAuth } from '../../../lib/auth.js';
import { requestDetails } from './request-details.js';

/** POST /api/agency-details (spec section 7): the agency and agent; both null if none. */
export function getAgencyDetails(): Promise<TAgencyDetailsResponse> {
  return requestDetails(API_PATHS.agencyDetails, HELP_MESSAGES.agencyFetchFailed, (body) =>
    ZAgencyDetailsResponseSchema.parse(body),
  );
}

/** Keyed by the student, so a student signing in on the same tab never sees the last one's. */
export function getAgencyDetailsQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: [API_PATHS.agencyDetails, studentId] as const,
    queryFn: getAgencyDetails,
    staleTime: DETAILS_STALE_TIME_MS,
  });
}

export function useAgencyDetails() {
  const { user } = useAuth();
  return useQuery({ ...getAgencyDetailsQueryOptions(user?.id ?? ''), enabled: user !== null });
}
