import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  ZStaffStudentListResponseSchema,
  type TStaffStudentListResponse,
} from '../../../shared/staff-students.js';
import { consoleRead } from './console-request.js';
import { listFilterParams, type TStudentListFilters } from './student-list-query.js';

/** GET /api/staff/students with the page's filters; `cursor` for the pages after the first. */
export function getStudents(
  filters: TStudentListFilters,
  cursor: string | null,
): Promise<TStaffStudentListResponse> {
  const params = listFilterParams(filters);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return consoleRead(
    query ? `${STAFF_API_PATHS.staffStudents}?${query}` : STAFF_API_PATHS.staffStudents,
    ZStaffStudentListResponseSchema,
  );
}

/** The list as pages of 50, "Load more" reading the next through the last page's nextCursor. */
export function useStudents(filters: TStudentListFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['staff', 'students', listFilterParams(filters).toString()],
      // The app's cache keeps answers until told otherwise; the list is read afresh each visit.
      staleTime: 0,
      queryFn: ({ pageParam }) => getStudents(filters, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}
