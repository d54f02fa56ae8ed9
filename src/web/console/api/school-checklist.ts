import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  type TSchoolChecklistInput,
  ZSchoolChecklistSchema,
} from '../../../shared/staff-document-requests.js';
import { consoleRead } from './console-request.js';

const schoolChecklistKey = (schoolId: number) => ['staff', 'school-checklist', schoolId] as const;
const checklistPath = (schoolId: number) =>
  apiPath(STAFF_API_PATHS.staffSchoolChecklist, { id: schoolId });

/** GET /api/staff/schools/{id}/document-checklist: the school's default requests, in order. */
export function useSchoolChecklist(schoolId: number) {
  return useQuery({
    queryKey: schoolChecklistKey(schoolId),
    staleTime: 0,
    queryFn: () => consoleRead(checklistPath(schoolId), ZSchoolChecklistSchema),
  });
}

/** PUT …/document-checklist: the whole list replaces the school's; its answer is the new list. */
export function useSaveSchoolChecklist(schoolId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checklist: TSchoolChecklistInput) =>
      consoleRead(checklistPath(schoolId), ZSchoolChecklistSchema, 'PUT', checklist),
    onSuccess: (saved) => {
      queryClient.setQueryData(schoolChecklistKey(schoolId), saved);
    },
  });
}
