import { and, eq, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { STAFF_ROLES, type TStaffRole } from '../../../shared/staff.js';
import { staff, students } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { StaffCaller } from './staff-sessions.js';

/** What a staff route answers for a student outside the caller's scope: nothing is there. */
export const STUDENT_NOT_FOUND = 'No student with this id.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path's id can name a student at all: anything else is a 404 before any query. */
export const isStudentId = (id: string): boolean => UUID.test(id);

/** Where a caller's students are: an agent's agency, a school officer's school, anywhere for an administrator. */
export interface ScopeOrganisation {
  schoolId?: number;
  agencyId?: number;
}

/** The organisation a role sees the students of, from the staff member's own school and agency. */
function organisationOfRole<T>(
  role: TStaffRole,
  member: { schoolId: T; agencyId: T },
): { schoolId?: T; agencyId?: T } {
  switch (role) {
    case 'admin':
      return {};
    case 'agent':
      return { agencyId: member.agencyId };
    case 'school':
      return { schoolId: member.schoolId };
  }
}

/** The organisation whose students the caller sees (an unset one, -1, matches nobody). */
export const scopeOrganisation = (caller: StaffCaller): ScopeOrganisation =>
  organisationOfRole(caller.role, {
    schoolId: caller.schoolId ?? -1,
    agencyId: caller.agencyId ?? -1,
  });

/**
 * An organisation's school or agency: an id, a placeholder for a prepared query, or a column of
 * the staff member's (a read for every staff member at once).
 */
type OrganisationRef = number | Placeholder | SQLWrapper | undefined;

/**
 * An organisation as conditions on the school and agency columns of `students`, or of a relation
 * that keeps them for each student (a search's matches): none for every student.
 */
export function ofOrganisation(
  organisation: { schoolId?: OrganisationRef; agencyId?: OrganisationRef },
  columns: { schoolId: SQLWrapper; agencyId: SQLWrapper } = students,
): SQL[] {
  const { schoolId, agencyId } = organisation;
  return [
    ...(schoolId === undefined ? [] : [sql`${columns.schoolId} = ${schoolId}`]),
    ...(agencyId === undefined ? [] : [sql`${columns.agencyId} = ${agencyId}`]),
  ];
}

/**
 * The students of an organisation (or, with neither, every one), demo visitors aside: the
 * condition studentsInScope writes, taking placeholders for a prepared query as well as ids.
 */
export function studentsOfOrganisation(
  organisation: { schoolId?: OrganisationRef; agencyId?: OrganisationRef },
  columns: StudentScopeColumns = students,
): SQL {
  const conditions = [
    sql`${columns.demo} is distinct from 'visitor'`,
    ...ofOrganisation(organisation, columns),
  ];
  return sql`(${sql.join(conditions, sql` and `)})`;
}

/** What the rule reads of a student: `students`' own columns, or a relation that keeps them. */
interface StudentScopeColumns {
  schoolId: SQLWrapper;
  agencyId: SQLWrapper;
  demo: SQLWrapper;
}

/**
 * The one rule of which students a staff member sees, as a condition on `students`: an
 * administrator every student, an agent the students brought by any agent of their agency (the
 * agency the database keeps on the student from their agent, migration 0013), a school officer
 * the students enrolling with their school. Every staff read and write of a student adds it to
 * its query, so a student outside it does not exist for the caller (404, never 403), in lists,
 * counts, searches and files alike. A demo visitor's own copy of a persona is nobody's student:
 * it is that visitor's alone (docs/decisions/014), deleted after a day.
 */
export const studentsInScope = (caller: StaffCaller): SQL =>
  studentsOfOrganisation(scopeOrganisation(caller));

/**
 * studentsInScope for many staff members at once, as a condition on a relation of them (`staff`,
 * or one that keeps their role, school and agency) and one of students (`students`, or one that
 * keeps their school, agency and demo kind): the same rule, by each member's role and their
 * school or agency (an unset one, null, matches nobody), for a read that serves every staff
 * member in one statement (the daily digest, the staff told by push of a student's doing).
 */
export const studentsInScopeOfStaff = (
  member: { role: SQLWrapper; schoolId: SQLWrapper; agencyId: SQLWrapper } = staff,
  of: StudentScopeColumns = students,
): SQL =>
  sql`(${sql.join(
    STAFF_ROLES.map(
      (role) =>
        sql`(${member.role} = ${role} and ${studentsOfOrganisation(organisationOfRole<SQLWrapper>(role, member), of)})`,
    ),
    sql` or `,
  )})`;

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
