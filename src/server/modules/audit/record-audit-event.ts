import type { TAuditAction } from '../../../shared/audit-log.js';
import type { Database } from '../../db/client.js';
import { auditEvents } from '../../db/schema.js';

/**
 * Who acted: a staff member through the console (from their address), the command line, or a
 * student recovering their account (from their address).
 */
export type AuditActorRef =
  | { actor: 'staff'; staffId: string; address: string }
  | { actor: 'command-line' }
  | { actor: 'student'; address: string };

/** The staff member a console request comes from, at the address the server saw. */
export const staffActor = (request: { staff: { id: string }; ip: string }): AuditActorRef => ({
  actor: 'staff',
  staffId: request.staff.id,
  address: request.ip,
});

export interface AuditEvent {
  /** What was done, one of the names the audit log knows (AUDIT_ACTIONS). */
  action: TAuditAction;
  studentId?: string | null;
  /**
   * What a reader needs to understand the change (the old and new status values). Never a
   * passport number, a birth date or medical text.
   */
  details?: Record<string, unknown>;
}

/**
 * Writes one row of the audit log. Pass the transaction of the change it records, so the change
 * and its row are written together or not at all.
 */
export async function recordAuditEvent(
  db: Database,
  by: AuditActorRef,
  event: AuditEvent,
): Promise<void> {
  await recordAuditEvents(db, by, [event]);
}

/** Writes the rows of one actor's change of many students at once, in the change's transaction. */
export async function recordAuditEvents(
  db: Database,
  by: AuditActorRef,
  events: readonly AuditEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(auditEvents).values(
    events.map((event) => ({
      actor: by.actor,
      staffId: by.actor === 'staff' ? by.staffId : null,
      address: by.actor === 'command-line' ? null : by.address,
      action: event.action,
      studentId: event.studentId ?? null,
      details: event.details ?? {},
    })),
  );
}
