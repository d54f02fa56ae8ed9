import type { TApplication } from '../../../shared/applications.js';
import type { Database } from '../../db/client.js';
import { applications } from '../../db/schema.js';
import { type OwnRowsList, readOwnRows } from '../auth/own-rows-list.js';
import type { SessionCheckedRead, SessionRef } from '../auth/session-checked-read.js';
import { applicationColumns, toApplication } from './application-row.js';

export const applicationList: OwnRowsList<typeof applicationColumns, TApplication> = {
  name: 'list_applications',
  table: applications,
  studentId: applications.studentId,
  columns: applicationColumns,
  newestFirst: [applications.submittedAt, applications.id],
  toItem: toApplication,
};

/** The session's student's applications, the most recently submitted first. */
export function listApplications(
  db: Database,
  session: SessionRef,
): Promise<SessionCheckedRead<TApplication[]> | null> {
  return readOwnRows(db, applicationList, session);
}
