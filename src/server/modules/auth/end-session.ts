import { eq } from 'drizzle-orm';
import { deleteExpiredRows } from '../../db/delete-expired-rows.js';
import type { Database } from '../../db/client.js';
import { revokedSessions, students } from '../../db/schema.js';
import type { SessionClaims } from './session-claims.js';

/**
 * Logout: the token used is refused from the next request on, wherever a copy of it is
 * (resolveSession looks for its id in revoked_sessions). A JWT cannot be recalled, so a
 * server-side list of ended sessions is what makes a logout take effect (ASVS 5.0 V7.4.1).
 * The student's other devices stay signed in; ending every session at once (a lost device) is
 * the admin command `revoke-access`.
 */
export async function endSession(db: Database, claims: SessionClaims): Promise<void> {
  await db
    .insert(revokedSessions)
    .values({
      sessionId: claims.sessionId,
      studentId: claims.studentId,
      expiresAt: claims.expiresAt,
    })
    .onConflictDoNothing();
}

/**
 * Ends every session of the student issued up to `at`, on every device (judgeSession refuses a
 * token issued at or before students.tokens_valid_after). The caller then issues the device that
 * asked a new token, which carries on: this answers once the clock has passed `at`, so that token
 * is issued after it, even on a machine fast enough to do both within one millisecond. `db` may
 * be the transaction of the change that asked for it.
 */
export async function endEverySessionBefore(
  db: Database,
  studentId: string,
  at: Date,
): Promise<void> {
  await db
    .update(students)
    .set({ tokensValidAfter: at, updatedAt: at })
    .where(eq(students.id, studentId));
  await clockPast(at);
}

/** Resolves once Date.now() is past `at`: at most a millisecond after `at` was taken. */
export async function clockPast(at: Date): Promise<void> {
  while (Date.now() <= at.getTime()) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** Ended sessions whose tokens have expired need no listing any more; answers how many went. */
export const pruneEndedSessions = (db: Database): Promise<number> =>
  deleteExpiredRows(db, revokedSessions, revokedSessions.expiresAt);
