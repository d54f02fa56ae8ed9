import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type {
  TStaffStudentListResponse,
  TStaffStudentRow,
  TStaffStudentSort,
} from '../../../shared/staff-students.js';
import type { TStudentStage } from '../../../shared/student-stages.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { literalLimit, QueryBindings } from '../../db/query-bindings.js';
import { agencies, agents, schools, students } from '../../db/schema.js';
import type { DataKeys } from '../../lib/crypto.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import {
  type CountStatement,
  countStatement,
  countStudentsByStage,
  stageCountsFromText,
} from './count-students-by-stage.js';
import {
  decodeStudentCursor,
  encodeStudentCursor,
  type StudentListCursor,
} from './student-list-cursor.js';
import {
  matchesOf,
  readsMatchesAlone,
  STUDENTS,
  studentListCondition,
  type StudentListFilters,
  type StudentSource,
} from './student-list-filters.js';
import { searchWords } from './student-search.js';
import { waitingFactColumns, waitingItems } from './waiting-items.js';

export interface StudentListRequest extends StudentListFilters {
  stage?: TStudentStage | undefined;
  sort: TStaffStudentSort;
  cursor?: string | undefined;
  limit: number;
}

/** The activity order's key: a student with none sorts after everyone (students_activity_order_idx). */
const activityKey = sql`coalesce(${students.lastActivityAt}, '-infinity'::timestamptz)`;
/** Exact microseconds since 1970 (numeric in PostgreSQL 14 and later), null for none. */
const activityMicros = sql<
  string | null
>`(extract(epoch from ${students.lastActivityAt}) * 1000000)::bigint::text`;

/** The rows after a cursor, in the cursor's order, its values bound. */
function after(cursor: StudentListCursor, { columns }: StudentSource, bindings: QueryBindings) {
  const id = bindings.bind('afterId', cursor.id);
  if (cursor.sort === 'name') {
    const last = bindings.bind('afterLastName', cursor.lastName);
    const first = bindings.bind('afterFirstName', cursor.firstName);
    return sql`(${columns.lastNameKey}, ${columns.firstNameKey}, ${columns.id}) > (${last}::text, ${first}::text, ${id}::uuid)`;
  }
  if (cursor.activityMicros === null)
    return sql`${students.lastActivityAt} is null and ${students.id} < ${id}::uuid`;
  const micros = bindings.bind('afterActivityMicros', cursor.activityMicros);
  return sql`(${activityKey}, ${students.id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)`;
}

/**
 * The list's order on its source. Searching `students` (with a passport number, "needs my
 * action" or in activity order), the order is written so that no index holds it: the planner then
 * sorts the matches rather than walk every student in that order looking for them, which takes
 * as long as the matches sort late (docs/performance.md, the staff list).
 */
function orderOf(sort: TStaffStudentSort, source: StudentSource, searching: boolean): SQL[] {
  const { columns } = source;
  const unindexed = searching && source === STUDENTS;
  if (sort === 'activity') {
    const key = unindexed ? sql`${activityKey} + interval '0 seconds'` : activityKey;
    return [desc(key), desc(students.id)];
  }
  const lastName = unindexed ? sql`${columns.lastNameKey} || ''` : columns.lastNameKey;
  return [asc(lastName), asc(columns.firstNameKey), asc(columns.id)];
}

/** What one page's prepared statement is made of. */
interface PageStatement {
  name: string;
  source: StudentSource;
  /** The request's counts, which each row of the page carries (one statement, not two). */
  counts: CountStatement;
  where: SQL | undefined;
  order: SQL[];
  sort: TStaffStudentSort;
  /** Written into the statement rather than bound: the planner plans for the page it reads. */
  limit: number;
}

/**
 * One page's query for a shape of request, built and prepared once, then only executed. The page
 * is chosen first from its source alone (its order and limit in a subquery: `students`, or a
 * search's matches in the words index); only its rows are then read from `students`, joined to
 * their school, agent and agency and read for what waits on them.
 */
function pageQuery(db: Database, statement: PageStatement) {
  return preparedQuery(db, statement.name, (database, name) => {
    const { columns } = statement.source;
    const page = database
      .select({
        id: sql<string>`${columns.id}`.as('page_id'),
        lastNameKey: sql<string>`${columns.lastNameKey}`.as('last_name_key'),
        firstNameKey: sql<string>`${columns.firstNameKey}`.as('first_name_key'),
        activityKey: (statement.sort === 'activity' ? activityKey : sql`null`).as('activity_key'),
      })
      .from(statement.source.from)
      .where(statement.where)
      .orderBy(...statement.order)
      .limit(literalLimit(statement.limit))
      .as('page');
    // The search's matches, which the page or its counts read (the same CTE when both do).
    const matches = statement.source.matches ?? statement.counts.matches;
    return (matches ? database.with(matches.cte) : database)
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
        activityMicros,
        lastNameKey: page.lastNameKey,
        firstNameKey: page.firstNameKey,
        ...waitingFactColumns(students.id, students.inviteLapsesAt),
        // Uncorrelated, so worked out once for the statement, and sent as text: parsed once.
        stageCounts: sql<string>`(select json_object_agg(counted.stage, counted.students)::text
          from (${statement.counts.select(database).getSQL()}) counted)`,
      })
      .from(page)
      .innerJoin(students, eq(students.id, page.id))
      .leftJoin(schools, eq(schools.id, students.schoolId))
      .leftJoin(agents, eq(agents.id, students.agentId))
      .leftJoin(agencies, eq(agencies.id, students.agencyId))
      .orderBy(
        ...(statement.sort === 'name'
          ? [asc(page.lastNameKey), asc(page.firstNameKey), asc(page.id)]
          : [desc(page.activityKey), desc(page.id)]),
      )
      .prepare(name);
  });
}

/**
 * What a list request's page runs, before it runs: its source, condition and order, with the
 * name of its prepared statement (one per shape: which filters, which order, which source, the
 * role's conditions) and the values bound. Two requests of one name have one text
 * (list-statements.test.ts checks it for every shape).
 */
export function pageStatement(caller: StaffCaller, keys: DataKeys, request: StudentListRequest) {
  const { stage, sort, limit } = request;
  const cursor =
    request.cursor === undefined ? undefined : decodeStudentCursor(request.cursor, sort);
  const bindings = new QueryBindings();
  // A search in name order pages through the words index alone.
  const fromMatches = readsMatchesAlone(request) && sort === 'name';
  const source = fromMatches ? matchesOf(request, bindings) : STUDENTS;
  const where = and(
    studentListCondition(caller, keys, request, bindings, source),
    stage === undefined
      ? undefined
      : sql`${source.columns.stage} = ${bindings.bind('stage', stage)}`,
    cursor ? after(cursor, source, bindings) : undefined,
  );
  const counts = countStatement(caller, keys, request, bindings, fromMatches ? source : undefined);
  const statement: PageStatement = {
    source,
    counts,
    where,
    sort,
    limit: limit + 1,
    order: orderOf(sort, source, searchWords(request.q).length > 0),
    name: bindings.statementName(
      'staff_list',
      caller.role,
      `needs:${request.needsMyAction ?? 'false'}`,
      fromMatches ? 'matches' : 'students',
      `counts:${counts.kind}`,
      sort,
      `limit:${String(limit + 1)}`,
    ),
  };
  return { statement, bindings };
}

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
  const { statement, bindings } = pageStatement(caller, keys, request);
  const rows = await pageQuery(db, statement).execute(bindings.values);
  // Each row carries the counts; a page with no row counts on its own.
  const counted = rows[0]?.stageCounts;
  const stageCounts = counted
    ? stageCountsFromText(counted)
    : await countStudentsByStage(db, caller, keys, request);
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
