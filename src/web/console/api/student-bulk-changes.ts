import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  type TBulkChangeRequest,
  ZBulkChangeResultSchema,
  ZStaffAgentsResponseSchema,
} from '../../../shared/student-bulk-changes.js';
import { consoleRead } from './console-request.js';

/** POST /api/staff/students/bulk: one change to the selected students; the list read again. */
export function useBulkChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TBulkChangeRequest) =>
      consoleRead(STAFF_API_PATHS.staffStudentsBulk, ZBulkChangeResultSchema, 'POST', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'students'] }),
  });
}

/** GET /api/staff/agents: the agents the caller may assign students to, read when asked for. */
export function useAssignableAgents(enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'agents'],
    enabled,
    queryFn: () => consoleRead(STAFF_API_PATHS.staffAgents, ZStaffAgentsResponseSchema),
  });
}
