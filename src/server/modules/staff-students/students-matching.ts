import type { TStaffStudentRow } from '../../../shared/staff-students.js';
import type { Database } from '../../db/client.js';
import type { DataKeys } from '../../lib/crypto.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { listStaffStudents, type StudentListRequest } from './list-staff-students.js';

/** Students read per query while walking every match: one of the list's own pages. */
const ROWS_PER_READ = 100;

/** A list request without its page: every student it matches. */
export type StudentMatchRequest = Omit<StudentListRequest, 'cursor' | 'limit'>;

/**
 * Every student in the caller's scope that a list request matches, in the list's order, a page
 * at a time: what the CSV export writes and a bulk change acts on, so both take exactly the
 * students the list shows.
 */
export async function* studentsMatching(
  db: Database,
  keys: DataKeys,
  caller: StaffCaller,
  request: StudentMatchRequest,
): AsyncGenerator<TStaffStudentRow[]> {
  let cursor: string | undefined;
  do {
    const page = await listStaffStudents(db, keys, caller, {
      ...request,
      cursor,
      limit: ROWS_PER_READ,
    });
    yield page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
