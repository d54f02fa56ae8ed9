import { and, eq } from 'drizzle-orm';
import type { TUserProfile } from '../../../shared/auth.js';
import type { TMessage, TSendMessageRequest } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { applications, messages } from '../../db/schema.js';
import { notifyStaffByPush } from '../notifications/push-staff-notifications.js';
import { messageColumns, toMessage } from './message-row.js';

type Sender = Pick<TUserProfile, 'id' | 'firstName' | 'lastName'>;

/** Locks the application against deletion until the message that refers to it is written. */
async function ownsApplication(tx: Database, studentId: string, applicationId: number) {
  const [row] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.studentId, studentId)))
    .for('share');
  return row !== undefined;
}

/**
 * Stores what the student sends to an office. The sender is the signed-in student and the message
 * counts as read, whatever the request's `from` and `isRead` say. Null when `applicationId` is not
 * one of the student's own applications (unknown and foreign alike).
 */
export async function sendMessage(
  db: Database,
  sender: Sender,
  request: TSendMessageRequest,
): Promise<TMessage | null> {
  return db.transaction(async (tx) => {
    const { applicationId } = request;
    if (applicationId !== undefined && !(await ownsApplication(tx, sender.id, applicationId)))
      return null;
    const [row] = await tx
      .insert(messages)
      .values({
        studentId: sender.id,
        applicationId: applicationId ?? null,
        direction: 'outbound',
        fromName: `${sender.firstName} ${sender.lastName}`,
        toName: request.to,
        subject: request.subject,
        content: request.content,
        isRead: true,
      })
      .returning(messageColumns);
    if (!row) throw new Error('message insert returned no row');
    await notifyStaffByPush(tx, sender.id, 'staff.student-wrote', { messageId: String(row.id) });
    return toMessage(row);
  });
}
