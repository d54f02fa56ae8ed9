import { eq, sql } from 'drizzle-orm';
import { QueryBuilder, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { batchedRead } from '../../db/batched-read.js';
import { revokedSessions, students } from '../../db/schema.js';
import {
  type SessionRow,
  type SessionStudent,
  sessionColumnsOf,
  toSessionStudent,
} from './find-session-student.js';

/** Whose data a read is for: the token's student and session. */
export interface SessionRef {
  studentId: string;
  sessionId: string;
}

/**
 * What a read of a student's own data begun with selectForSessions answers: the
 * session's student, for readAsVerifiedStudent to judge, and the data, answered only if the
 * session holds.
 */
export interface SessionCheckedRead<T> {
  session: SessionStudent;
  data: T;
}

/**
 * The requests of one batch (sessionCheckedReads), `session_request(position, student_id,
 * session_revoked)`, each beside its student's row (requestedStudent): selectForSessions.
 *
 * Both are fenced (`offset 0`, `limit 1`) so PostgreSQL keeps them as written: whether a session
 * was logged out is looked up once a request, not once a row of its data, and each request's
 * student is found by primary key. As plain joins the plan depends on the planner's estimates: at
 * twenty thousand students it hashed the whole table for every read, 2.4 ms for one request
 * against 0.05 ms (bench/batched-read-plans.ts prints the plans).
 */
const sessionRequests = sql`(
  select request.position, request.student_id,
    exists (select 1 from ${revokedSessions} where ${revokedSessions.sessionId} = request.session_id) as session_revoked
  from json_to_recordset(${sql.placeholder('requests')}::text::json)
    as request(position int, student_id uuid, session_id uuid)
  offset 0
) as session_request`;

/** Each request's student's row, as `student`. */
export const requestedStudent = new QueryBuilder()
  .select()
  .from(students)
  .where(eq(students.id, sql`session_request.student_id`))
  .limit(1)
  .as('student');

const requestPosition = sql<number>`session_request.position`;
const sessionCheckedColumns = {
  ...sessionColumnsOf(requestedStudent),
  sessionRevoked: sql<boolean>`session_request.session_revoked`,
};

/**
 * The start of a batched read of students' own data: `fields` beside each request's position and
 * its session's columns, from the batch's requests and their students. A read adds its own joins
 * (on requestedStudent) and order, prepares it, and hands it to sessionCheckedReads.
 */
export const selectForSessions = <F extends SelectedFields>(db: Database, fields: F) =>
  db
    .select({ ...fields, position: requestPosition, session: sessionCheckedColumns })
    .from(sessionRequests)
    .crossJoinLateral(requestedStudent);

/** A prepared read begun with selectForSessions. */
interface SessionRequestsQuery<Row> {
  execute(placeholders: { requests: string }): Promise<Row[]>;
}

type SessionCheckedRow = { position: number; session: SessionRow };

/** A request's rows: at least its student's, when the student exists. */
type FoundRows<Row> = [Row, ...Row[]];

const isFound = <Row>(rows: Row[]): rows is FoundRows<Row> => rows.length > 0;

/**
 * A read of students' own data that judges each session in the same round trip, batched: the
 * requests that ask for it in one turn of the event loop share one query (batchedRead). Each
 * request gets its student's rows in the query's order, made into its data by `toData`, or null
 * when the student is gone.
 */
export function sessionCheckedReads<Row extends SessionCheckedRow, T>(
  query: SessionRequestsQuery<Row>,
  toData: (rows: FoundRows<Row>) => T,
): (session: SessionRef) => Promise<SessionCheckedRead<T> | null> {
  return batchedRead(async (sessions: SessionRef[]) => {
    const requests = JSON.stringify(
      sessions.map(({ studentId, sessionId }, position) => ({
        position,
        student_id: studentId,
        session_id: sessionId,
      })),
    );
    const rowsOf = sessions.map((): Row[] => []);
    for (const row of await query.execute({ requests })) rowsOf[row.position]?.push(row);
    return rowsOf.map((rows) =>
      isFound(rows) ? { session: toSessionStudent(rows[0].session), data: toData(rows) } : null,
    );
  });
}

/**
 * toData for a list read: a student's rows left-joined with rows of their own (applications,
 * messages), the items `found` makes of them (null for the row of a student who has none).
 */
export const foundItems =
  <R, T>(found: (row: R) => T | null) =>
  (rows: readonly R[]): T[] =>
    rows.flatMap((row) => {
      const item = found(row);
      return item === null ? [] : [item];
    });
