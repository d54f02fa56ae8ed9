import { and, asc, eq } from 'drizzle-orm';
import {
  replyOfficesFor,
  STAFF_INBOX_ERRORS,
  type TStaffConversation,
} from '../../../shared/staff-inbox.js';
import type { Database } from '../../db/client.js';
import { applications, messages, students } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { requireStudentInScope } from '../staff-auth/students-in-scope.js';
import { conversationColumns, toConversation } from './conversation-columns.js';

/**
 * One conversation of a student in the caller's scope: their message, whole, and the offices'
 * replies to it, oldest first, with the offices the caller may reply as. Reading it changes
 * nothing: the console marks it read on its own request. A 404 for a student outside the scope,
 * and for a message that is not one the student sent.
 */
export async function getConversation(
  db: Database,
  caller: StaffCaller,
  { studentId, messageId }: { studentId: string; messageId: number },
): Promise<TStaffConversation> {
  const id = await requireStudentInScope(db, caller, studentId);
  const [row] = await db
    .select({ ...conversationColumns, content: messages.content })
    .from(messages)
    .innerJoin(students, eq(students.id, messages.studentId))
    .leftJoin(applications, eq(applications.id, messages.applicationId))
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.studentId, id),
        eq(messages.direction, 'outbound'),
      ),
    );
  if (!row) throw new HttpError(404, STAFF_INBOX_ERRORS.messageNotFound);
  const replies = await db
    .select({
      id: messages.id,
      from: messages.fromName,
      subject: messages.subject,
      content: messages.content,
      createdAt: messages.createdAt,
      readByStudent: messages.isRead,
    })
    .from(messages)
    .where(eq(messages.replyToMessageId, row.messageId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return {
    ...toConversation(row),
    content: row.content,
    replies: replies.map((reply) => ({ ...reply, createdAt: reply.createdAt.toISOString() })),
    replyOffices: replyOfficesFor(caller.role, row.office),
  };
}
