import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  ZEnrolmentLinkResponseSchema,
  ZStaffOrganisationChoicesSchema,
  ZStaffTeamResponseSchema,
  type TCreateStaffRequest,
} from '../../../shared/staff-team.js';
import { consoleRead, consoleRequest } from './console-request.js';

const teamQueryKey = ['staff', 'team'] as const;

/** GET /api/staff/team (administrators): every staff account. */
export function useStaffTeam({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: teamQueryKey,
    // The app's cache keeps answers until told otherwise; the team is read afresh each visit.
    staleTime: 0,
    queryFn: () => consoleRead(STAFF_API_PATHS.staffTeam, ZStaffTeamResponseSchema),
    enabled,
  });
}

/** GET /api/staff/team/organisations: every school and agency, for the new account's choice. */
export function useTeamOrganisations() {
  return useQuery({
    queryKey: ['staff', 'team', 'organisations'],
    queryFn: () =>
      consoleRead(STAFF_API_PATHS.staffTeamOrganisations, ZStaffOrganisationChoicesSchema),
  });
}

/** POST /api/staff/team: a new account and its enrolment link, which is shown once. */
export function useCreateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TCreateStaffRequest) =>
      consoleRead(STAFF_API_PATHS.staffTeam, ZEnrolmentLinkResponseSchema, 'POST', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

/** POST /api/staff/team/{id}/disable: the account's sessions and passkeys stop at once. */
export function useDisableStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      consoleRequest('POST', apiPath(STAFF_API_PATHS.staffAccountDisable, { id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}

/** POST /api/staff/team/{id}/enrolment-link: a new link (recovery), which is shown once. */
export function useNewEnrolmentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      consoleRead(
        apiPath(STAFF_API_PATHS.staffAccountEnrolmentLink, { id }),
        ZEnrolmentLinkResponseSchema,
        'POST',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
  });
}
