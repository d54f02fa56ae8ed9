import { useQuery } from '@tanstack/react-query';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZStaffOrganisationsResponseSchema } from '../../../shared/staff-students.js';
import { consoleRead } from './console-request.js';

/** GET /api/staff/organisations: the schools and agencies of the caller's students, to filter by. */
export function useStaffOrganisations() {
  return useQuery({
    queryKey: ['staff', 'organisations'],
    queryFn: () =>
      consoleRead(STAFF_API_PATHS.staffOrganisations, ZStaffOrganisationsResponseSchema),
  });
}
