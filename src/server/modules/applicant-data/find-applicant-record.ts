import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { schools } from '../../db/schema.js';
import {
  requestedStudent,
  selectForSessions,
  type SessionCheckedRead,
  sessionCheckedReads,
  type SessionRef,
} from '../auth/session-checked-read.js';

// Only the columns the answer shows: on the embedded database each column is decoded in
// JavaScript, and reading the whole rows took half as long again (about 1.2 ms a read, not 0.8).
// The session's columns come from the same row, so the request needs no read of its own to judge
// the session (readAsVerifiedStudent). Exported for bench/batched-read-plans.ts, which prints its
// plan.
export const selectApplicantRecord = (db: Database, name: string) =>
  selectForSessions(db, {
    student: {
      firstName: requestedStudent.firstName,
      lastName: requestedStudent.lastName,
      degree: requestedStudent.degree,
      major: requestedStudent.major,
      admittedSemester: requestedStudent.admittedSemester,
      acceptanceLetterUrl: requestedStudent.acceptanceLetterUrl,
      admissionStatus: requestedStudent.admissionStatus,
      i20Issued: requestedStudent.i20Issued,
      i20DocumentUrl: requestedStudent.i20DocumentUrl,
      sevisPaid: requestedStudent.sevisPaid,
      moiStatus: requestedStudent.moiStatus,
    },
    school: { name: schools.name, logoUrl: schools.logoUrl, requireMoi: schools.requireMoi },
  })
    .leftJoin(schools, eq(schools.id, requestedStudent.schoolId))
    .prepare(name);

type ApplicantRow = Awaited<
  ReturnType<ReturnType<typeof selectApplicantRecord>['execute']>
>[number];
export type ApplicantRecord = Pick<ApplicantRow, 'student' | 'school'>;

const readApplicantRecords = (db: Database, name: string) =>
  // One row a request: the student's, with their school's.
  sessionCheckedReads(selectApplicantRecord(db, name), ([{ student, school }]) => ({
    student,
    school,
  }));

/**
 * The one read behind the applicant data: the student's record and their school's, with the
 * session's columns. Its own function so bench/api-throughput.ts can measure the route against
 * this query alone.
 */
export function findApplicantRecord(
  db: Database,
  session: SessionRef,
): Promise<SessionCheckedRead<ApplicantRecord> | null> {
  return preparedQuery(db, 'applicant_data', readApplicantRecords)(session);
}
