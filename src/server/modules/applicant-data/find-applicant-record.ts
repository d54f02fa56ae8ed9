import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { schools, students } from '../../db/schema.js';
import { sessionColumns, toSessionStudent } from '../auth/find-session-student.js';
import type { SessionCheckedRead, SessionRef } from '../auth/session-checked-read.js';

// Only the columns the answer shows: on the embedded database each column is decoded in
// JavaScript, and reading the whole rows took half as long again (about 1.2 ms a read, not 0.8).
// The session's columns come from the same row, so the request needs no read of its own to judge
// the session (readAsVerifiedStudent).
const selectApplicantRecord = (db: Database, name: string) =>
  db
    .select({
      session: sessionColumns,
      student: {
        firstName: students.firstName,
        lastName: students.lastName,
        degree: students.degree,
        major: students.major,
        admittedSemester: students.admittedSemester,
        acceptanceLetterUrl: students.acceptanceLetterUrl,
        admissionStatus: students.admissionStatus,
        i20Issued: students.i20Issued,
        i20DocumentUrl: students.i20DocumentUrl,
        sevisPaid: students.sevisPaid,
        moiStatus: students.moiStatus,
      },
      school: { name: schools.name, logoUrl: schools.logoUrl, requireMoi: schools.requireMoi },
    })
    .from(students)
    .leftJoin(schools, eq(schools.id, students.schoolId))
    .where(eq(students.id, sql.placeholder('studentId')))
    .limit(1)
    .prepare(name);

type ApplicantRow = Awaited<
  ReturnType<ReturnType<typeof selectApplicantRecord>['execute']>
>[number];
export type ApplicantRecord = Omit<ApplicantRow, 'session'>;

/**
 * The one read behind the applicant data: the student's record and their school's, with the
 * session's columns. Its own function so bench/api-throughput.ts can measure the route against
 * this query alone.
 */
export async function findApplicantRecord(
  db: Database,
  { studentId, sessionId }: SessionRef,
): Promise<SessionCheckedRead<ApplicantRecord> | null> {
  const [row] = await preparedQuery(db, 'applicant_data', selectApplicantRecord).execute({
    studentId,
    sessionId,
  });
  if (!row) return null;
  const { session, ...record } = row;
  return { session: toSessionStudent(session), data: record };
}
