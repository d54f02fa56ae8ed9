import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { agents, students, studentStageCounts } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { StaffCaller } from './staff-sessions.js';

/** What a staff route answers for a student outside the caller's scope: nothing is there. */
export const STUDENT_NOT_FOUND = 'No student with this id.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path's id can name a student at all: anything else is a 404 before any query. */
export const isStudentId = (id: string): boolean => UUID.test(id);

/** An administrator's, an agent's or a school officer's students, by the caller's organisation. */
function ofCallersOrganisation(caller: StaffCaller): SQL | undefined {
  switch (caller.role) {
    case 'admin':
      return undefined;
    case 'agent':
      return inArray(
        students.agentId,
        sql`(select ${agents.id} from ${agents} where ${agents.agencyId} = ${caller.agencyId ?? -1})`,
      );
    case 'school':
      return eq(students.schoolId, caller.schoolId ?? -1);
  }
}

/**
 * The one rule of which students a staff member sees, as a condition on `students`: an
 * administrator every student, an agent the students brought by any agent of their agency, a
 * school officer the students enrolling with their school. Every staff read and write of a
 * student adds it to its query, so a student outside it does not exist for the caller (404,
 * never 403), in lists, counts, searches and files alike. A demo visitor's own copy of a persona
 * is nobody's student: it is that visitor's alone (docs/decisions/014), deleted after a day.
 */
export function studentsInScope(caller: StaffCaller): SQL {
  const visitorsAside = sql`${students.demo} is distinct from 'visitor'`;
  const organisation = ofCallersOrganisation(caller);
  return organisation ? sql`(${visitorsAside} and ${organisation})` : visitorsAside;
}

/**
 * The same rule on derived.student_stage_counts, which keeps the students of each school and
 * agency (their agent's), demo visitors aside: the counts of the students studentsInScope picks.
 */
export function stageCountsInScope(caller: StaffCaller): SQL | undefined {
  switch (caller.role) {
    case 'admin':
      return undefined;
    case 'agent':
      return eq(studentStageCounts.agencyId, caller.agencyId ?? -1);
    case 'school':
      return eq(studentStageCounts.schoolId, caller.schoolId ?? -1);
  }
}

/**
 * The id of a student in the caller's scope, or a 404 with the same answer as for an id that
 * does not exist (or is not an id at all). `db` may be the transaction of the write that needs it.
 */
export async function requireStudentInScope(
  db: Database,
  caller: StaffCaller,
  studentId: string,
): Promise<string> {
  if (!isStudentId(studentId)) throw new HttpError(404, STUDENT_NOT_FOUND);
  const [found] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, studentId), studentsInScope(caller)));
  if (!found) throw new HttpError(404, STUDENT_NOT_FOUND);
  return found.id;
}
