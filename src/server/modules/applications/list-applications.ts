import { desc, eq, sql } from 'drizzle-orm';
import type { TApplication } from '../../../shared/applications.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { applications } from '../../db/schema.js';
import { applicationColumns, toApplication } from './application-row.js';

const selectStudentApplications = (db: Database, name: string) =>
  db
    .select(applicationColumns)
    .from(applications)
    .where(eq(applications.studentId, sql.placeholder('studentId')))
    .orderBy(desc(applications.submittedAt), desc(applications.id))
    .prepare(name);

/** The student's own applications, the most recently submitted first. */
export async function listApplications(db: Database, studentId: string): Promise<TApplication[]> {
  const query = preparedQuery(db, 'list_applications', selectStudentApplications);
  const rows = await query.execute({ studentId });
  return rows.map(toApplication);
}
