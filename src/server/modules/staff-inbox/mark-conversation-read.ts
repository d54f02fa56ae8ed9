import { eq } from 'drizzle-orm';
import { STAFF_INBOX_ERRORS } from '../../../shared/staff-inbox.js';
import type { Database } from '../../db/client.js';
import { messages } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { requireStudentInScope } from '../staff-auth/students-in-scope.js';
import { lockStudentMessage } from '../messages/post-office-message.js';

/**
 * Marks a student's message read by the offices, as opening it in the inbox does, and audits it
 * (as the command line's unread-messages --mark-read does) in the same transaction. Marking it
 * again writes nothing and answers the first time. A 404 for a student outside the caller's scope
 * and for a message the student did not send.
 */
export async function markConversationRead(
  db: Database,
  caller: StaffCaller,
  by: AuditActorRef,
  { studentId, messageId }: { studentId: string; messageId: number },
): Promise<{ officeReadAt: string }> {
  return db.transaction(async (tx) => {
    const id = await requireStudentInScope(tx, caller, studentId);
    const message = await lockStudentMessage(tx, id, messageId);
    if (!message) throw new HttpError(404, STAFF_INBOX_ERRORS.messageNotFound);
    if (message.officeReadAt) return { officeReadAt: message.officeReadAt.toISOString() };
    const officeReadAt = new Date();
    await tx.update(messages).set({ officeReadAt }).where(eq(messages.id, messageId));
    await recordAuditEvent(tx, by, {
      action: 'messages.mark-read',
      studentId: id,
      details: { messageIds: [messageId] },
    });
    return { officeReadAt: officeReadAt.toISOString() };
  });
}
