import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZStaffNewInviteSchema } from '../../../shared/staff-student-changes.js';
import { consoleRead } from './console-request.js';

/**
 * POST /api/staff/students/{id}/invite: a new invite, whose code is answered this once; the
 * record is read again for the invite's state. The code lives in the page's state only.
 */
export function useIssueInvite(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      consoleRead(
        apiPath(STAFF_API_PATHS.staffStudentInvite, { id: studentId }),
        ZStaffNewInviteSchema,
        'POST',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'student', studentId] }),
  });
}
