import { useMutation } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  ZStaffRevealResponseSchema,
  type TSealedStudentField,
} from '../../../shared/staff-students.js';
import { consoleRead } from './console-request.js';

/**
 * POST /api/staff/students/{id}/reveal: one sealed field in the clear, written to the audit log
 * as it is read. The value lives in the page's state only, never in the query cache, so leaving
 * the record forgets it.
 */
export function useRevealStudentField(id: string) {
  return useMutation({
    mutationFn: (field: TSealedStudentField) =>
      consoleRead(
        apiPath(STAFF_API_PATHS.staffStudentReveal, { id }),
        ZStaffRevealResponseSchema,
        'POST',
        {
          field,
        },
      ),
  });
}
