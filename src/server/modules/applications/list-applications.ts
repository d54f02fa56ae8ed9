import { desc, eq, sql } from 'drizzle-orm';
import type { TApplication } from '../../../shared/applications.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { applications, students } from '../../db/schema.js';
import { sessionColumns } from '../auth/find-session-student.js';
import {
  type SessionCheckedRead,
  type SessionRef,
  sessionWithRows,
} from '../auth/session-checked-read.js';
import { applicationColumns, toApplication } from './application-row.js';

// From the student's row, so the session is judged on this one read (readAsVerifiedStudent).
const selectStudentApplications = (db: Database, name: string) =>
  db
    .select({ session: sessionColumns, application: applicationColumns })
    .from(students)
    .leftJoin(applications, eq(applications.studentId, students.id))
    .where(eq(students.id, sql.placeholder('studentId')))
    .orderBy(desc(applications.submittedAt), desc(applications.id))
    .prepare(name);

/** The session's student's applications, the most recently submitted first. */
export async function listApplications(
  db: Database,
  { studentId, sessionId }: SessionRef,
): Promise<SessionCheckedRead<TApplication[]> | null> {
  const query = preparedQuery(db, 'list_applications', selectStudentApplications);
  const rows = await query.execute({ studentId, sessionId });
  return sessionWithRows(rows, (row) => row.application && toApplication(row.application));
}
