import { and, eq, sql } from 'drizzle-orm';
import type { TApplication } from '../../../shared/applications.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { applications } from '../../db/schema.js';
import { applicationColumns, toApplication } from './application-row.js';

const selectStudentApplication = (db: Database, name: string) =>
  db
    .select(applicationColumns)
    .from(applications)
    .where(
      and(
        eq(applications.id, sql.placeholder('applicationId')),
        eq(applications.studentId, sql.placeholder('studentId')),
      ),
    )
    .limit(1)
    .prepare(name);

/**
 * One of the student's own applications; null for an unknown id and for another student's alike,
 * so the answer never tells whether an id exists.
 */
export async function getApplication(
  db: Database,
  studentId: string,
  applicationId: number,
): Promise<TApplication | null> {
  const query = preparedQuery(db, 'get_application', selectStudentApplication);
  const [row] = await query.execute({ studentId, applicationId });
  return row ? toApplication(row) : null;
}
