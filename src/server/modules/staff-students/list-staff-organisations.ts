import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { TStaffOrganisationsResponse } from '../../../shared/staff-students.js';
import type { Database } from '../../db/client.js';
import { agencies, schools, studentStageCounts } from '../../db/schema.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { scopeOrganisation } from '../staff-auth/students-in-scope.js';

/**
 * The schools and agencies of the students in the caller's scope, to filter the list by, read
 * from the stage counts, which know every school and agency that has a student: the per-school
 * (or per-agency) grain for an administrator, the per-both grain within an agent's agency or a
 * school officer's school.
 */
export async function listStaffOrganisations(
  db: Database,
  caller: StaffCaller,
): Promise<TStaffOrganisationsResponse> {
  const scope = scopeOrganisation(caller);
  const inScope: SQL[] = [
    gt(studentStageCounts.students, 0),
    ...(scope.schoolId === undefined ? [] : [eq(studentStageCounts.schoolId, scope.schoolId)]),
    ...(scope.agencyId === undefined ? [] : [eq(studentStageCounts.agencyId, scope.agencyId)]),
  ];
  const [schoolRows, agencyRows] = await Promise.all([
    db
      .selectDistinct({ id: schools.id, name: schools.name })
      .from(studentStageCounts)
      .innerJoin(schools, eq(schools.id, studentStageCounts.schoolId))
      .where(and(eq(studentStageCounts.grain, scope.agencyId === undefined ? 1 : 0), ...inScope))
      .orderBy(asc(schools.name), asc(schools.id)),
    db
      .selectDistinct({ id: agencies.id, name: agencies.companyName })
      .from(studentStageCounts)
      .innerJoin(agencies, eq(agencies.id, studentStageCounts.agencyId))
      .where(and(eq(studentStageCounts.grain, scope.schoolId === undefined ? 2 : 0), ...inScope))
      .orderBy(asc(agencies.companyName), asc(agencies.id)),
  ]);
  return { schools: schoolRows, agencies: agencyRows };
}
