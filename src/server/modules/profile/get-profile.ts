import { eq, sql } from 'drizzle-orm';
import type { TProfile } from '../../../shared/profile.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { profiles, students } from '../../db/schema.js';
import type { DataKeys } from '../../lib/crypto.js';
import { toProfile } from './profile-row.js';

const selectProfile = (db: Database, name: string) =>
  db
    .select({
      student: {
        firstName: students.firstName,
        lastName: students.lastName,
        email: students.email,
      },
      profile: profiles,
    })
    .from(students)
    .leftJoin(profiles, eq(profiles.studentId, students.id))
    .where(eq(students.id, sql.placeholder('studentId')))
    .limit(1)
    .prepare(name);

/** The signed-in student's profile, decrypted; null when the student is gone. */
export async function getProfile(
  db: Database,
  keys: DataKeys,
  studentId: string,
): Promise<TProfile | null> {
  const [row] = await preparedQuery(db, 'get_profile', selectProfile).execute({ studentId });
  return row ? toProfile(keys, row.student, row.profile) : null;
}
