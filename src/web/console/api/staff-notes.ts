import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  type TStaffNoteRequest,
  ZStaffNoteSchema,
  ZStaffNotesResponseSchema,
} from '../../../shared/staff-students.js';
import { consoleRead } from './console-request.js';

const notesKey = (studentId: string) => ['staff', 'student', studentId, 'notes'] as const;

/** GET /api/staff/students/{id}/notes, read when the Notes tab opens. */
export function useStaffNotes(studentId: string) {
  return useQuery({
    queryKey: notesKey(studentId),
    staleTime: 0,
    queryFn: () =>
      consoleRead(
        apiPath(STAFF_API_PATHS.staffStudentNotes, { id: studentId }),
        ZStaffNotesResponseSchema,
      ),
  });
}

/** POST /api/staff/students/{id}/notes: a new note, then the list read again. */
export function useAddStaffNote(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TStaffNoteRequest) =>
      consoleRead(
        apiPath(STAFF_API_PATHS.staffStudentNotes, { id: studentId }),
        ZStaffNoteSchema,
        'POST',
        request,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesKey(studentId) }),
  });
}
