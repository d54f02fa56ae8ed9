import { asc, gt, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditEvents } from '../db/schema.js';

export type AuditRow = Omit<typeof auditEvents.$inferSelect, 'id' | 'createdAt'>;

/**
 * Marks the end of the audit log now; the function it answers reads the rows written since,
 * oldest first: what the command or request in between wrote to the log.
 */
export async function auditLogMark(app: FastifyInstance): Promise<() => Promise<AuditRow[]>> {
  const [last] = await app.db.select({ id: max(auditEvents.id) }).from(auditEvents);
  const since = last?.id ?? 0;
  return async () =>
    (
      await app.db
        .select()
        .from(auditEvents)
        .where(gt(auditEvents.id, since))
        .orderBy(asc(auditEvents.id))
    ).map(({ id: _id, createdAt: _at, ...row }) => row);
}
