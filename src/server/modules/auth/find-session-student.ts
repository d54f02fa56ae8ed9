import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TUserProfile } from '../../../shared/auth.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { invites, students } from '../../db/schema.js';

export interface SessionStudent {
  profile: Omit<TUserProfile, 'sessionScope'>;
  disabled: boolean;
  tokensValidAfter: Date | null;
  /** Whether the invite asked about is this student's and neither used nor revoked. */
  inviteOpen: boolean;
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
      inviteOpen: sql<boolean>`${invites.id} is not null`,
    })
    .from(students)
    // The same primary-key read for every session; an onboarding session's invite comes with it.
    .leftJoin(
      invites,
      and(
        eq(invites.id, sql.placeholder('inviteId')),
        eq(invites.studentId, students.id),
        isNull(invites.usedAt),
        isNull(invites.revokedAt),
      ),
    )
    .where(eq(students.id, sql.placeholder('studentId')))
    .limit(1)
    .prepare(name);

/**
 * The student a session belongs to, as the session shows them; null when there is none.
 * `inviteId`: the invite an onboarding session came from, to learn whether it is still open.
 */
export async function findSessionStudent(
  db: Database,
  studentId: string,
  inviteId: number | null = null,
): Promise<SessionStudent | null> {
  const query = preparedQuery(db, 'find_session_student', selectSessionStudent);
  const [row] = await query.execute({ studentId, inviteId });
  if (!row) return null;
  const { disabledAt, tokensValidAfter, inviteOpen, ...profile } = row;
  return { profile, disabled: disabledAt !== null, tokensValidAfter, inviteOpen };
}
