import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  STUDENT_IMPORT_FILE_FIELD,
  type TStudentImportRefused,
  type TStudentImportResult,
  ZStudentImportPreviewSchema,
  ZStudentImportRefusedSchema,
  ZStudentImportResultSchema,
} from '../../../shared/student-import.js';
import { consoleRead, failedStatus } from './console-request.js';

const uploadOf = (file: File) => {
  const form = new FormData();
  form.append(STUDENT_IMPORT_FILE_FIELD, file, file.name);
  return form;
};

/** POST /api/staff/students/import/preview: every row of the file checked; nothing written. */
export function usePreviewStudentImport() {
  return useMutation({
    mutationFn: (file: File) =>
      consoleRead(
        STAFF_API_PATHS.staffStudentImportPreview,
        ZStudentImportPreviewSchema,
        'POST',
        uploadOf(file),
      ),
  });
}

/** The rows an import was refused for (422), read from the error consoleRequest throws. */
function refusedImport(error: unknown): TStudentImportRefused | null {
  if (failedStatus(error) !== 422 || !(error instanceof Error)) return null;
  try {
    const parsed = ZStudentImportRefusedSchema.safeParse(JSON.parse(error.message.slice(5)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type TStudentImportOutcome =
  { imported: TStudentImportResult } | { refused: TStudentImportRefused };

/**
 * POST /api/staff/students/import: every row written or none. A file the portal refuses (it
 * changed since the preview) answers its rows' reasons; the codes are answered this once.
 */
export function useImportStudents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<TStudentImportOutcome> => {
      try {
        return {
          imported: await consoleRead(
            STAFF_API_PATHS.staffStudentImport,
            ZStudentImportResultSchema,
            'POST',
            uploadOf(file),
          ),
        };
      } catch (error) {
        const refused = refusedImport(error);
        if (refused) return { refused };
        throw error;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'students'] }),
  });
}
