import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { TStaffOrganisationsResponse } from '../../../shared/staff-students.js';
import type { Database } from '../../db/client.js';
import { agencies, schools, studentStageCounts } from '../../db/schema.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { stageCountsInScope } from '../staff-auth/students-in-scope.js';

/**
 * The schools and agencies of the students in the caller's scope, to filter the list by: read
 * from the stage counts, which know every school and agency that has a student.
 */
export async function listStaffOrganisations(
  db: Database,
  caller: StaffCaller,
): Promise<TStaffOrganisationsResponse> {
  const withStudents = and(stageCountsInScope(caller), gt(studentStageCounts.students, 0));
  const [schoolRows, agencyRows] = await Promise.all([
    db
      .selectDistinct({ id: schools.id, name: schools.name })
      .from(studentStageCounts)
      .innerJoin(schools, eq(schools.id, studentStageCounts.schoolId))
      .where(withStudents)
      .orderBy(asc(schools.name), asc(schools.id)),
    db
      .selectDistinct({ id: agencies.id, name: agencies.companyName })
      .from(studentStageCounts)
      .innerJoin(agencies, eq(agencies.id, studentStageCounts.agencyId))
      .where(and(withStudents, isNotNull(studentStageCounts.agencyId)))
      .orderBy(asc(agencies.companyName), asc(agencies.id)),
  ]);
  return { schools: schoolRows, agencies: agencyRows };
}
