import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { STUDENT_STAGES, type TStudentStage } from '../../../shared/student-stages.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { QueryBindings } from '../../db/query-bindings.js';
import { studentStageCounts } from '../../db/schema.js';
import type { DataKeys } from '../../lib/crypto.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { scopeOrganisation } from '../staff-auth/students-in-scope.js';
import {
  countsByOrganisation,
  matchesOf,
  readsMatchesAlone,
  STUDENTS,
  studentListCondition,
  type StudentListFilters,
  type StudentSource,
} from './student-list-filters.js';

/** Students per stage, as the list answers them: every stage, 0 where none. */
export type StageCounts = Record<TStudentStage, number>;

/** A select of students per stage, to run on its own or to hold in another statement. */
interface StageCountsSelect {
  getSQL(): SQL;
  prepare(name: string): {
    execute(values: Record<string, unknown>): Promise<{ stage: TStudentStage; students: number }[]>;
  };
}

/** A count query of one shape: what it is named by, reads and filters, and its select. */
export interface CountStatement {
  /** Which of the three ways it counts: part of the shape of a statement that holds it. */
  kind: 'kept' | 'matches' | 'students';
  /** What it reads, for list-statements.test.ts to tell shapes apart. */
  from: SQLWrapper;
  /** A search's matches it reads: the statement that holds it declares them. */
  matches?: StudentSource['matches'];
  where: SQL | undefined;
  /**
   * The select; a search's matches are declared by the statement that holds it, unless
   * `declaresMatches` (a statement of its own).
   */
  select: (database: Database, options?: { declaresMatches: boolean }) => StageCountsSelect;
}

/**
 * The counts of the students in the caller's scope that a school and an agency filter pick, from
 * the grain of derived.student_stage_counts that holds them: all (3), per school (1), per agency
 * (2) or per both (0), as GROUPING(school_id, agency_id) numbers them. A school or agency named
 * twice, by the scope and by a filter, must be the same one: two different ones match nobody.
 */
function keptCounts(
  caller: StaffCaller,
  filters: StudentListFilters,
  bindings: QueryBindings,
): CountStatement {
  const scope = scopeOrganisation(caller);
  const schools = [scope.schoolId, filters.schoolId].filter((id) => id !== undefined);
  const agencies = [scope.agencyId, filters.agencyId].filter((id) => id !== undefined);
  const grain = (schools.length > 0 ? 0 : 2) + (agencies.length > 0 ? 0 : 1);
  const where = sql.join(
    [
      sql`${studentStageCounts.grain} = ${sql.raw(String(grain))}`,
      ...schools.map((id, i) =>
        eq(studentStageCounts.schoolId, bindings.bind(`countSchool${String(i)}`, id)),
      ),
      ...agencies.map((id, i) =>
        eq(studentStageCounts.agencyId, bindings.bind(`countAgency${String(i)}`, id)),
      ),
    ],
    sql` and `,
  );
  return {
    kind: 'kept',
    from: studentStageCounts,
    where,
    select: (database) =>
      database
        .select({
          stage: studentStageCounts.stage,
          students: sql<number>`sum(${studentStageCounts.students})::int`.as('students'),
        })
        .from(studentStageCounts)
        .where(where)
        .groupBy(studentStageCounts.stage),
  };
}

/**
 * The students the filters pick, counted per stage: a search's matches in the words index when
 * the search is all that narrows them, else the students' own rows.
 */
function countedStudents(
  caller: StaffCaller,
  keys: DataKeys,
  filters: StudentListFilters,
  bindings: QueryBindings,
  matches: StudentSource | undefined,
): CountStatement {
  const fromMatches = readsMatchesAlone(filters);
  const source = fromMatches ? (matches ?? matchesOf(filters, bindings)) : STUDENTS;
  const where = studentListCondition(caller, keys, filters, bindings, source);
  const { stage } = source.columns;
  return {
    kind: fromMatches ? 'matches' : 'students',
    from: source.from,
    matches: source.matches,
    where,
    select: (database, options) =>
      (source.matches && options?.declaresMatches ? database.with(source.matches.cte) : database)
        .select({
          stage: sql<TStudentStage>`${stage}`.as('stage'),
          students: sql<number>`count(*)::int`.as('students'),
        })
        .from(source.from)
        .where(where)
        .groupBy(sql`${stage}`),
  };
}

/**
 * How a request's students are counted per stage, its values bound with the request's others
 * (and reading the same search's matches, `matches`, when the request's page reads them).
 * Filtered by school and agency only, the counts are read from those the database keeps (nine
 * rows, however many students: docs/decisions/018).
 */
export const countStatement = (
  caller: StaffCaller,
  keys: DataKeys,
  filters: StudentListFilters,
  bindings: QueryBindings,
  matches?: StudentSource,
): CountStatement =>
  countsByOrganisation(filters)
    ? keptCounts(caller, filters, bindings)
    : countedStudents(caller, keys, filters, bindings, matches);

/** Every stage at 0 but those counted. */
function stageCountsOf(rows: readonly { stage: TStudentStage; students: number }[]) {
  const counts = Object.fromEntries(STUDENT_STAGES.map((stage) => [stage, 0])) as StageCounts;
  for (const row of rows) counts[row.stage] = row.students;
  return counts;
}

const ZCountedSchema = z.partialRecord(z.enum(STUDENT_STAGES), z.number().int());

/** The counts a page's statement carries in its rows, as JSON text (list-staff-students.ts). */
export const stageCountsFromText = (text: string): StageCounts => ({
  ...stageCountsOf([]),
  ...ZCountedSchema.parse(JSON.parse(text)),
});

/**
 * How many of the students the filters pick (the stage aside) are at each stage, on its own: for
 * a page that came back empty, whose statement carries the counts in its rows.
 */
export async function countStudentsByStage(
  db: Database,
  caller: StaffCaller,
  keys: DataKeys,
  filters: StudentListFilters,
): Promise<StageCounts> {
  const bindings = new QueryBindings();
  const statement = countStatement(caller, keys, filters, bindings);
  const name = bindings.statementName(
    'staff_counts',
    caller.role,
    `needs:${filters.needsMyAction ?? 'false'}`,
    statement.kind,
  );
  const rows = await preparedQuery(db, name, (database, statementName) =>
    statement.select(database, { declaresMatches: true }).prepare(statementName),
  ).execute(bindings.values);
  return stageCountsOf(rows);
}
