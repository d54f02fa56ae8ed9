import type { TStaffRole } from '../../shared/staff.js';
import type { StaffCaller } from '../modules/staff-auth/staff-sessions.js';
import type { StudentListRequest } from '../modules/staff-students/list-staff-students.js';
import { encodeStudentCursor } from '../modules/staff-students/student-list-cursor.js';

const ID = '00000000-0000-4000-8000-000000000001';

/** A staff member of each role, of the demo agency and school unless told otherwise. */
export const listCaller = (
  role: TStaffRole,
  organisation: { agencyId?: number; schoolId?: number } = {},
): StaffCaller => ({
  id: ID,
  name: 'Staff',
  role,
  agencyId: role === 'agent' ? (organisation.agencyId ?? 7) : null,
  schoolId: role === 'school' ? (organisation.schoolId ?? 3) : null,
  organisationName: null,
});

/** The selections of ids a request is tried with: one only when no other filter is set. */
const selections = (...filters: unknown[]) =>
  filters.every((filter) => filter === undefined) ? [undefined, [ID]] : [undefined];

/**
 * Every shape of staff list request: each filter set or not, each order, each kind of cursor,
 * for each role (`callers` chooses the staff member of each); a selection of ids with each
 * search, order and cursor.
 */
export function* everyListShape(
  callers: (role: TStaffRole) => StaffCaller = listCaller,
): Generator<{ caller: StaffCaller; request: StudentListRequest }> {
  for (const role of ['admin', 'agent', 'school'] as const)
    for (const sort of ['name', 'activity'] as const)
      for (const cursor of [
        undefined,
        sort === 'name'
          ? encodeStudentCursor({ sort, lastName: 'a', firstName: 'b', id: ID })
          : encodeStudentCursor({ sort, activityMicros: '1', id: ID }),
        sort === 'activity'
          ? encodeStudentCursor({ sort, activityMicros: null, id: ID })
          : undefined,
      ])
        for (const q of [undefined, 'ana', 'ana lee'])
          for (const passport of [undefined, 'X1234567'])
            for (const stage of [undefined, 'admitted' as const])
              for (const schoolId of [undefined, 1])
                for (const agencyId of [undefined, 2])
                  for (const needsMyAction of [undefined, 'true' as const, 'false' as const])
                    // A selection changes where the rows are read from, as a search does; beside
                    // any other filter it only adds a condition, so those shapes are left out
                    // (each is one more statement the list's tests run).
                    for (const ids of selections(
                      passport,
                      stage,
                      schoolId,
                      agencyId,
                      needsMyAction,
                    ))
                      yield {
                        caller: callers(role),
                        request: {
                          sort,
                          cursor,
                          q,
                          passport,
                          stage,
                          schoolId,
                          agencyId,
                          needsMyAction,
                          ids,
                          limit: 50,
                        },
                      };
}
