import { desc, eq } from 'drizzle-orm';
import type { TApplication } from '../../../shared/applications.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { applications } from '../../db/schema.js';
import {
  foundItems,
  requestedStudent,
  selectForSessions,
  type SessionCheckedRead,
  sessionCheckedReads,
  type SessionRef,
} from '../auth/session-checked-read.js';
import { applicationColumns, toApplication } from './application-row.js';

// With the session's columns, so the session is judged on this one read (readAsVerifiedStudent).
// Exported for bench/batched-read-plans.ts, which prints its plan.
export const selectStudentsApplications = (db: Database, name: string) =>
  selectForSessions(db, { application: applicationColumns })
    .leftJoin(applications, eq(applications.studentId, requestedStudent.id))
    .orderBy(desc(applications.submittedAt), desc(applications.id))
    .prepare(name);

const readApplications = (db: Database, name: string) =>
  sessionCheckedReads(
    selectStudentsApplications(db, name),
    foundItems((row) => row.application && toApplication(row.application)),
  );

/** The session's student's applications, the most recently submitted first. */
export function listApplications(
  db: Database,
  session: SessionRef,
): Promise<SessionCheckedRead<TApplication[]> | null> {
  return preparedQuery(db, 'list_applications', readApplications)(session);
}
