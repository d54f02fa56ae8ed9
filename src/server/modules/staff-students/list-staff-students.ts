import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type {
  TStaffStudentListResponse,
  TStaffStudentRow,
  TStaffStudentSort,
} from '../../../shared/staff-students.js';
import type { TStudentStage } from '../../../shared/student-stages.js';
import type { Database } from '../../db/client.js';
import { agencies, agents, schools, students } from '../../db/schema.js';
import type { DataKeys } from '../../lib/crypto.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { countStudentsByStage } from './count-students-by-stage.js';
import {
  decodeStudentCursor,
  encodeStudentCursor,
  type StudentListCursor,
} from './student-list-cursor.js';
import { studentListCondition, type StudentListFilters } from './student-list-filters.js';
import { WAITING_FACT_COLUMNS, waitingItems } from './waiting-items.js';

export interface StudentListRequest extends StudentListFilters {
  stage?: TStudentStage | undefined;
  sort: TStaffStudentSort;
  cursor?: string | undefined;
  limit: number;
}

const lastNameKey = sql<string>`lower(${students.lastName})`;
const firstNameKey = sql<string>`lower(${students.firstName})`;
/** The activity order's key: a student with none sorts after everyone (students_activity_order_idx). */
const activityKey = sql`coalesce(${students.lastActivityAt}, '-infinity'::timestamptz)`;
/** Exact microseconds since 1970 (numeric in PostgreSQL 14 and later), null for none. */
const activityMicros = sql<
  string | null
>`(extract(epoch from ${students.lastActivityAt}) * 1000000)::bigint::text`;

/** The rows after a cursor, in the cursor's order. */
function after(cursor: StudentListCursor): SQL {
  if (cursor.sort === 'name')
    return sql`(${lastNameKey}, ${firstNameKey}, ${students.id}) > (${cursor.lastName}, ${cursor.firstName}, ${cursor.id}::uuid)`;
  if (cursor.activityMicros === null)
    return sql`${students.lastActivityAt} is null and ${students.id} < ${cursor.id}::uuid`;
  return sql`(${activityKey}, ${students.id}) < (timestamptz 'epoch' + ${cursor.activityMicros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`;
}

const ORDER: Record<TStaffStudentSort, SQL[]> = {
  name: [asc(lastNameKey), asc(firstNameKey), asc(students.id)],
  activity: [desc(activityKey), desc(students.id)],
};

/**
 * One page of the staff list: the students in the caller's scope that the filters pick, by name
 * or by last activity, `limit` at a time after the cursor (keyset pages, stable however students
 * are added or changed meanwhile), with how many match and how many are at each stage.
 */
export async function listStaffStudents(
  db: Database,
  keys: DataKeys,
  caller: StaffCaller,
  request: StudentListRequest,
): Promise<TStaffStudentListResponse> {
  const { stage, sort, limit } = request;
  const cursor =
    request.cursor === undefined ? undefined : decodeStudentCursor(request.cursor, sort);
  const matching = studentListCondition(caller, keys, request);
  const [rows, stageCounts] = await Promise.all([
    db
      .select({
        id: students.id,
        firstName: students.firstName,
        lastName: students.lastName,
        email: students.email,
        schoolName: schools.name,
        agencyName: agencies.companyName,
        agentFirstName: agents.firstName,
        agentLastName: agents.lastName,
        stage: students.stage,
        lastActivityAt: students.lastActivityAt,
        lastNameKey,
        firstNameKey,
        activityMicros,
        ...WAITING_FACT_COLUMNS,
      })
      .from(students)
      .leftJoin(schools, eq(schools.id, students.schoolId))
      .leftJoin(agents, eq(agents.id, students.agentId))
      .leftJoin(agencies, eq(agencies.id, agents.agencyId))
      .where(
        and(
          matching,
          stage === undefined ? undefined : eq(students.stage, stage),
          cursor ? after(cursor) : undefined,
        ),
      )
      .orderBy(...ORDER[sort])
      .limit(limit + 1),
    countStudentsByStage(db, caller, request, matching),
  ]);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row): TStaffStudentRow => ({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      schoolName: row.schoolName,
      agencyName: row.agencyName,
      agentName:
        row.agentFirstName === null
          ? null
          : `${row.agentFirstName} ${row.agentLastName ?? ''}`.trim(),
      stage: row.stage,
      waiting: waitingItems(row),
      lastActivityAt: row.lastActivityAt?.toISOString() ?? null,
    })),
    nextCursor:
      rows.length > limit && last
        ? encodeStudentCursor(
            sort === 'name'
              ? { sort, lastName: last.lastNameKey, firstName: last.firstNameKey, id: last.id }
              : { sort, activityMicros: last.activityMicros, id: last.id },
          )
        : null,
    total: stage === undefined ? sumOf(stageCounts) : stageCounts[stage],
    stageCounts,
  };
}

const sumOf = (counts: Record<TStudentStage, number>) =>
  Object.values(counts).reduce((sum, n) => sum + n, 0);
