import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  type TNewStudentRequest,
  ZNewStudentChoicesSchema,
  ZNewStudentSchema,
} from '../../../shared/student-import.js';
import { consoleRead } from './console-request.js';

/** GET /api/staff/new-student-choices: the schools and agents a new student may be given. */
export function useNewStudentChoices() {
  return useQuery({
    queryKey: ['staff', 'new-student-choices'],
    queryFn: () => consoleRead(STAFF_API_PATHS.staffNewStudentChoices, ZNewStudentChoicesSchema),
  });
}

/**
 * POST /api/staff/students: a new student, whose invite code is answered this once (it lives in
 * the page's state only); the list is read again to show them.
 */
export function useAddStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TNewStudentRequest) =>
      consoleRead(STAFF_API_PATHS.staffStudents, ZNewStudentSchema, 'POST', request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'students'] }),
  });
}
