import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditEvents, staff } from '../../db/schema.js';

/** A moment as the console's people read it in a refusal: 2026-11-27 14:05 UTC. */
const minuteUtc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Why a save made on an older version of the record is refused: who made the version it holds
 * now, and when, from the audit row that recorded it; a change the student made themselves (an
 * identity check, their interview) has no row there and is said as such.
 */
export async function staleRecordMessage(
  db: Database,
  studentId: string,
  version: number,
): Promise<string> {
  const [last] = await db
    .select({ at: auditEvents.createdAt, actor: auditEvents.actor, name: staff.name })
    .from(auditEvents)
    .leftJoin(staff, eq(staff.id, auditEvents.staffId))
    .where(
      and(
        eq(auditEvents.studentId, studentId),
        eq(auditEvents.action, 'student.update'),
        sql`${auditEvents.details} ->> 'version' = ${String(version)}`,
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(1);
  const next = 'The form now shows the current values: check them and save again.';
  if (!last) return `This student's record changed since you opened it. ${next}`;
  const who = last.name ?? 'Someone using the server’s command line';
  return `${who} changed this student's record at ${minuteUtc(last.at)}. ${next}`;
}
