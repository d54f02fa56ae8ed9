import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { ZStudentDeletedSchema } from '../../../shared/student-data.js';
import { consoleRead, consoleRequest } from './console-request.js';

/** The file name the server gives an attachment, else `fallback`. */
function attachmentName(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * POST /api/staff/students/{id}/data-export: the student's data as a zip, saved to the device.
 * The request carries the name typed to confirm, which a link cannot send: the zip is fetched,
 * then saved through a blob: URL that is revoked once the browser has it. Nothing of it is kept.
 */
export function useExportStudentData(studentId: string) {
  return useMutation({
    mutationFn: async (confirmName: string) => {
      const res = await consoleRequest(
        'POST',
        apiPath(STAFF_API_PATHS.staffStudentDataExport, { id: studentId }),
        { confirmName },
      );
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = attachmentName(res, `student-${studentId}.zip`);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => {
        URL.revokeObjectURL(url);
      }, 60_000);
    },
  });
}

/**
 * DELETE /api/staff/students/{id}: the student and everything of theirs; the list is read again.
 * The record's cached answer is left to expire: the page showing it is about to leave.
 */
export function useDeleteStudent(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmName: string) =>
      consoleRead(
        apiPath(STAFF_API_PATHS.staffStudent, { id: studentId }),
        ZStudentDeletedSchema,
        'DELETE',
        { confirmName },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'students'] }),
  });
}
