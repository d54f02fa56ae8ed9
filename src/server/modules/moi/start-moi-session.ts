import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { moiSessions } from '../../db/schema.js';
import { lockMoiCandidate } from './lock-moi-candidate.js';

/**
 * The student's open interview session, made on first call: a student has at most one, so
 * asking again (a retry, a second tab, a reload) answers the same id, and answers uploaded into
 * it replace each other by question rather than pile up. See docs/decisions/006-moi-sessions.md.
 */
export async function startMoiSession(
  db: Database,
  studentId: string,
): Promise<{ sessionId: string; created: boolean }> {
  return db.transaction(async (tx) => {
    // The lock on the student's row also keeps two first calls from making two sessions.
    await lockMoiCandidate(tx, studentId);
    const [open] = await tx
      .select({ id: moiSessions.id })
      .from(moiSessions)
      .where(and(eq(moiSessions.studentId, studentId), eq(moiSessions.status, 'recording')))
      .orderBy(desc(moiSessions.createdAt))
      .limit(1);
    if (open) return { sessionId: open.id, created: false };
    const [made] = await tx
      .insert(moiSessions)
      .values({ studentId })
      .returning({ id: moiSessions.id });
    if (!made) throw new Error('moi session insert returned no row');
    return { sessionId: made.id, created: true };
  });
}
