import { eq, sql } from 'drizzle-orm';
import type { TUserProfile } from '../../../shared/auth.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { students } from '../../db/schema.js';

export interface SessionStudent {
  profile: Omit<TUserProfile, 'sessionScope'>;
  disabled: boolean;
  tokensValidAfter: Date | null;
}

const selectSessionStudent = (db: Database, name: string) =>
  db
    .select({
      id: students.id,
      email: students.email,
      firstName: students.firstName,
      lastName: students.lastName,
      faceVerified: students.faceVerified,
      verificationResult: students.verificationResult,
      disabledAt: students.disabledAt,
      tokensValidAfter: students.tokensValidAfter,
    })
    .from(students)
    .where(eq(students.id, sql.placeholder('studentId')))
    .limit(1)
    .prepare(name);

/** The student a session belongs to, as the session shows them; null when there is none. */
export async function findSessionStudent(
  db: Database,
  studentId: string,
): Promise<SessionStudent | null> {
  const query = preparedQuery(db, 'find_session_student', selectSessionStudent);
  const [row] = await query.execute({ studentId });
  if (!row) return null;
  const { disabledAt, tokensValidAfter, ...profile } = row;
  return { profile, disabled: disabledAt !== null, tokensValidAfter };
}
