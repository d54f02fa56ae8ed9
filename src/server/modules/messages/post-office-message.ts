import { and, eq } from 'drizzle-orm';
import { MESSAGE_LIMITS, type TMessage } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { messages } from '../../db/schema.js';
import { type AuditActorRef, recordAuditEvent } from '../audit/record-audit-event.js';
import { recordNotifications } from '../notifications/record-notifications.js';
import { messageColumns, toMessage } from './message-row.js';

/** What a reply takes from the student's message it answers. */
export interface StudentMessage {
  id: number;
  toName: string;
  subject: string;
  applicationId: number | null;
  /** When an office first read it; null while unread. */
  officeReadAt: Date | null;
}

/**
 * One of the student's own messages (one they sent), locked until the reply that answers it is
 * written: undefined for an office's message, another student's, and an unknown id alike.
 */
export async function lockStudentMessage(
  tx: Database,
  studentId: string,
  messageId: number,
): Promise<StudentMessage | undefined> {
  const [row] = await tx
    .select({
      id: messages.id,
      toName: messages.toName,
      subject: messages.subject,
      applicationId: messages.applicationId,
      officeReadAt: messages.officeReadAt,
    })
    .from(messages)
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.studentId, studentId),
        eq(messages.direction, 'outbound'),
      ),
    )
    .for('update');
  return row;
}

/** A reply's subject: the student's own, as a reply, within the subject's limit. */
export const replySubject = (subject: string): string =>
  `Re: ${subject}`.slice(0, MESSAGE_LIMITS.subject);

export interface OfficeMessage {
  from: string;
  subject: string;
  content: string;
  applicationId: number | null;
  /** The student's message it answers (lockStudentMessage), or null for a message of its own. */
  answers: StudentMessage | null;
}

/**
 * Posts an office's message into a student's messages, unread, tells the student (an e-mail,
 * written with it: notifications) and audits it: the one way the
 * command line (post-reply) and the console's inbox both write one. A reply is threaded under the
 * message it answers, which counts as read by the office from then on. Pass the transaction that
 * checked the student and the message: the post, its notification and its audit row are written
 * with it or not at all. The audit row names the message, not its subject: a student's own ("Re: ...") may say
 * anything, their health included.
 */
export async function postOfficeMessage(
  tx: Database,
  by: AuditActorRef,
  student: { id: string; firstName: string; lastName: string },
  message: OfficeMessage,
): Promise<TMessage> {
  const { answers } = message;
  if (answers && answers.officeReadAt === null) {
    await tx.update(messages).set({ officeReadAt: new Date() }).where(eq(messages.id, answers.id));
  }
  const [row] = await tx
    .insert(messages)
    .values({
      studentId: student.id,
      applicationId: message.applicationId,
      direction: 'inbound',
      fromName: message.from,
      toName: `${student.firstName} ${student.lastName}`,
      subject: message.subject,
      content: message.content,
      isRead: false,
      replyToMessageId: answers?.id ?? null,
    })
    .returning(messageColumns);
  if (!row) throw new Error('message insert returned no row');
  await recordNotifications(tx, [
    {
      template: answers ? 'message.reply' : 'message.new',
      to: { studentId: student.id },
      params: { office: row.fromName },
    },
  ]);
  await recordAuditEvent(tx, by, {
    action: 'message.reply',
    studentId: student.id,
    details: {
      messageId: row.id,
      inReplyTo: answers?.id ?? null,
      from: row.fromName,
      applicationId: row.applicationId,
    },
  });
  return toMessage(row);
}
