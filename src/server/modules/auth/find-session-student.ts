import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TUserProfile } from '../../../shared/auth.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  accountRecoveries,
  type DemoKind,
  invites,
  revokedSessions,
  students,
} from '../../db/schema.js';

export interface SessionStudent {
  profile: Omit<TUserProfile, 'sessionScope'>;
  disabled: boolean;
  /** A person of the demo data (a seeded persona or a visitor's copy): let in only in demo mode. */
  demo: boolean;
  tokensValidAfter: Date | null;
  /** Whether the invite asked about is this student's and neither used nor revoked. */
  inviteOpen: boolean;
  /**
   * The result of the identity check of the recovery asked about, while it is this student's,
   * not completed and not expired; null otherwise.
   */
  openRecoveryResult: string | null;
  /** Whether the session asked about was ended by a logout. */
  sessionRevoked: boolean;
}

type SessionColumnName =
  | 'id'
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'faceVerified'
  | 'verificationResult'
  | 'disabledAt'
  | 'demo'
  | 'tokensValidAfter';

/**
 * The columns of the student's row a session is judged on (resolve-session.ts), from the table or
 * from a subquery of it.
 */
export const sessionColumnsOf = <T extends Record<SessionColumnName, unknown>>(
  student: T,
): Pick<T, SessionColumnName> => ({
  id: student.id,
  email: student.email,
  firstName: student.firstName,
  lastName: student.lastName,
  faceVerified: student.faceVerified,
  verificationResult: student.verificationResult,
  disabledAt: student.disabledAt,
  demo: student.demo,
  tokensValidAfter: student.tokensValidAfter,
});

/**
 * The session's columns of the student's row, and whether the session (placeholder `sessionId`)
 * was logged out.
 */
const sessionColumns = {
  ...sessionColumnsOf(students),
  sessionRevoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sessionId} = ${sql.placeholder('sessionId')})`,
};

/** The session's columns as a read answers them. */
export type SessionRow = SessionStudent['profile'] & {
  disabledAt: Date | null;
  demo: DemoKind | null;
  tokensValidAfter: Date | null;
  sessionRevoked: boolean;
};

/**
 * The session's student from a row of the session's columns; `inviteOpen` and
 * `openRecoveryResult` if the read asked about an invite or a recovery.
 */
export function toSessionStudent(
  row: SessionRow,
  {
    inviteOpen = false,
    openRecoveryResult = null,
  }: Partial<Pick<SessionStudent, 'inviteOpen' | 'openRecoveryResult'>> = {},
): SessionStudent {
  const { id, email, firstName, lastName, faceVerified, verificationResult } = row;
  return {
    profile: { id, email, firstName, lastName, faceVerified, verificationResult },
    disabled: row.disabledAt !== null,
    demo: row.demo !== null,
    tokensValidAfter: row.tokensValidAfter,
    inviteOpen,
    openRecoveryResult,
    sessionRevoked: row.sessionRevoked,
  };
}

const selectSessionStudent = (db: Database, name: string) =>
  db
    .select({
      ...sessionColumns,
      inviteOpen: sql<boolean>`${invites.id} is not null`,
      openRecoveryResult: accountRecoveries.verificationResult,
    })
    .from(students)
    // The same primary-key read for every session; an onboarding session's invite, a recovery
    // session's recovery and whether the session was logged out come with it, so a request
    // costs one round trip.
    .leftJoin(
      invites,
      and(
        eq(invites.id, sql.placeholder('inviteId')),
        eq(invites.studentId, students.id),
        isNull(invites.usedAt),
        isNull(invites.revokedAt),
      ),
    )
    .leftJoin(
      accountRecoveries,
      and(
        eq(accountRecoveries.id, sql.placeholder('recoveryId')),
        eq(accountRecoveries.studentId, students.id),
        isNull(accountRecoveries.completedAt),
        sql`${accountRecoveries.expiresAt} > now()`,
      ),
    )
    .where(eq(students.id, sql.placeholder('studentId')))
    .limit(1)
    .prepare(name);

/**
 * The student a session belongs to, as the session shows them; null when there is none.
 * `inviteId`: the invite an onboarding session came from, to learn whether it is still open;
 * `recoveryId`: the recovery a recovery session came from, likewise; `sessionId`: the session,
 * to learn whether it was logged out.
 */
export async function findSessionStudent(
  db: Database,
  studentId: string,
  session: { inviteId?: number | null; recoveryId?: string | null; sessionId?: string | null } = {},
): Promise<SessionStudent | null> {
  const query = preparedQuery(db, 'find_session_student', selectSessionStudent);
  const [row] = await query.execute({
    studentId,
    inviteId: session.inviteId ?? null,
    recoveryId: session.recoveryId ?? null,
    sessionId: session.sessionId ?? null,
  });
  return row
    ? toSessionStudent(row, {
        inviteOpen: row.inviteOpen,
        openRecoveryResult: row.openRecoveryResult,
      })
    : null;
}
