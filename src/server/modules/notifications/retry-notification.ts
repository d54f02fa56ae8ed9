import { and, eq } from 'drizzle-orm';
import { STAFF_MAIL_ERRORS } from '../../../shared/staff-mail.js';
import type { Database } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';

/**
 * Sends a failed notification again: it goes back to `queued`, and the relay hands it to the job
 * queue, which tries it with the whole retry policy anew. Only a failed one (a 409 for any other:
 * one on its way or sent is not sent twice; a 404 for an unknown id), audited in the same
 * transaction. Its attempts and last error stay until it is sent.
 */
export async function retryNotification(
  db: Database,
  by: AuditActorRef,
  id: string,
): Promise<{ id: string; state: 'queued' }> {
  return db.transaction(async (tx) => {
    // Only a failed row changes: two administrators retrying at once queue it once.
    const [retried] = await tx
      .update(notifications)
      .set({ state: 'queued' })
      .where(and(eq(notifications.id, id), eq(notifications.state, 'failed')))
      .returning({
        id: notifications.id,
        template: notifications.template,
        studentId: notifications.studentId,
        staffId: notifications.staffId,
      });
    if (!retried) {
      const [exists] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(eq(notifications.id, id));
      throw exists
        ? new HttpError(409, STAFF_MAIL_ERRORS.notFailed)
        : new HttpError(404, STAFF_MAIL_ERRORS.notificationNotFound);
    }
    await recordAuditEvent(tx, by, {
      action: 'notification.retry',
      studentId: retried.studentId,
      details: {
        notificationId: retried.id,
        template: retried.template,
        ...(retried.staffId ? { staffId: retried.staffId } : {}),
      },
    });
    return { id: retried.id, state: 'queued' as const };
  });
}
