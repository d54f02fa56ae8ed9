import { and, eq, type SQL, sql } from 'drizzle-orm';
import { STUDENT_STAGES, type TStudentStage } from '../../../shared/student-stages.js';
import type { Database } from '../../db/client.js';
import { students, studentStageCounts } from '../../db/schema.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { stageCountsInScope } from '../staff-auth/students-in-scope.js';
import { countsByOrganisation, type StudentListFilters } from './student-list-filters.js';

/**
 * How many of the students the filters pick (the stage aside) are at each stage. Filtered by
 * school and agency only, they are read from the counts the database keeps (a few hundred rows
 * at most, however many students: docs/decisions/018); narrowed by a search, a passport number
 * or "needs my action", the matching students are counted.
 */
export async function countStudentsByStage(
  db: Database,
  caller: StaffCaller,
  filters: StudentListFilters,
  matching: SQL | undefined,
): Promise<Record<TStudentStage, number>> {
  const rows = countsByOrganisation(filters)
    ? await db
        .select({
          stage: studentStageCounts.stage,
          students: sql<number>`sum(${studentStageCounts.students})::int`,
        })
        .from(studentStageCounts)
        .where(
          and(
            stageCountsInScope(caller),
            filters.schoolId === undefined
              ? undefined
              : eq(studentStageCounts.schoolId, filters.schoolId),
            filters.agencyId === undefined
              ? undefined
              : eq(studentStageCounts.agencyId, filters.agencyId),
          ),
        )
        .groupBy(studentStageCounts.stage)
    : await db
        .select({ stage: students.stage, students: sql<number>`count(*)::int` })
        .from(students)
        .where(matching)
        .groupBy(students.stage);
  const counts = Object.fromEntries(STUDENT_STAGES.map((stage) => [stage, 0])) as Record<
    TStudentStage,
    number
  >;
  for (const row of rows) counts[row.stage] = row.students;
  return counts;
}
