import { useQuery } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  ZStaffStudentRecordSchema,
  ZStaffTimelineResponseSchema,
} from '../../../shared/staff-students.js';
import { consoleRead } from './console-request.js';

/** GET /api/staff/students/{id}: the record, or a 404 for an id outside the caller's scope. */
export function useStudentRecord(id: string) {
  return useQuery({
    queryKey: ['staff', 'student', id],
    // The app's cache keeps answers until told otherwise; a record is read afresh each visit.
    staleTime: 0,
    queryFn: () =>
      consoleRead(apiPath(STAFF_API_PATHS.staffStudent, { id }), ZStaffStudentRecordSchema),
  });
}

/** GET /api/staff/students/{id}/timeline, read when its tab opens. */
export function useStudentTimeline(id: string) {
  return useQuery({
    queryKey: ['staff', 'student', id, 'timeline'],
    staleTime: 0,
    queryFn: () =>
      consoleRead(
        apiPath(STAFF_API_PATHS.staffStudentTimeline, { id }),
        ZStaffTimelineResponseSchema,
      ),
  });
}
