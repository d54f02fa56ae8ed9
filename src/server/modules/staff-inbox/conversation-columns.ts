import { sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { TStaffInboxItem } from '../../../shared/staff-inbox.js';
import { applications, messages, students } from '../../db/schema.js';

/**
 * What the inbox and a conversation show of a student's message: the student, the office, the
 * application and how it was answered. The replies are counted through messages_reply_to_idx;
 * `messages` in the subqueries is the outer row's table, `reply` the replies'.
 */
export const conversationColumns = {
  messageId: messages.id,
  studentId: messages.studentId,
  firstName: students.firstName,
  lastName: students.lastName,
  office: messages.toName,
  subject: messages.subject,
  createdAt: messages.createdAt,
  officeReadAt: messages.officeReadAt,
  applicationId: applications.id,
  university: applications.university,
  program: applications.program,
  replyCount: sql<number>`(select count(*)::int from ${messages} reply where reply.reply_to_message_id = ${messages.id})`,
  // Each driver answers a raw timestamp its own way (text or a Date); null stays null.
  lastReplyAt:
    sql`(select max(reply.created_at) from ${messages} reply where reply.reply_to_message_id = ${messages.id})`.mapWith(
      (value: string | Date) => new Date(value),
    ),
};

/** A selected row: the application's columns are null for a general message (a left join). */
type ConversationRow = Omit<
  SelectResultFields<typeof conversationColumns>,
  'applicationId' | 'university' | 'program' | 'lastReplyAt'
> & {
  applicationId: number | null;
  university: string | null;
  program: string | null;
  lastReplyAt: Date | null;
};

/** A row of conversationColumns as the contract has it (without the preview or the text). */
export function toConversation(row: ConversationRow): Omit<TStaffInboxItem, 'preview'> {
  return {
    messageId: row.messageId,
    studentId: row.studentId,
    studentName: `${row.firstName} ${row.lastName}`,
    office: row.office,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    officeReadAt: row.officeReadAt?.toISOString() ?? null,
    application:
      row.applicationId === null
        ? null
        : { id: row.applicationId, university: row.university ?? '', program: row.program ?? '' },
    replyCount: row.replyCount,
    lastReplyAt: row.lastReplyAt?.toISOString() ?? null,
  };
}
