import { eq } from 'drizzle-orm';
import type { TMessage } from '../../../shared/messages.js';
import { replyOfficesFor, STAFF_INBOX_ERRORS } from '../../../shared/staff-inbox.js';
import type { Database } from '../../db/client.js';
import { students } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { AuditActorRef } from '../audit/record-audit-event.js';
import {
  lockStudentMessage,
  postOfficeMessage,
  replySubject,
} from '../messages/post-office-message.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { requireStudentInScope } from '../staff-auth/students-in-scope.js';

/**
 * Answers a student's message from the console: the reply comes from the office the student wrote
 * to (a school officer may choose another of the school's offices), about the same application,
 * threaded under the message, which counts as read from then on; audited in the same transaction.
 * A 404 for a student outside the caller's scope and for a message the student did not send; a
 * 400 for an office the caller may not reply as.
 */
export async function replyToStudent(
  db: Database,
  caller: StaffCaller,
  by: AuditActorRef,
  request: { studentId: string; messageId: number; content: string; from?: string },
): Promise<TMessage> {
  return db.transaction(async (tx) => {
    const id = await requireStudentInScope(tx, caller, request.studentId);
    const answers = await lockStudentMessage(tx, id, request.messageId);
    if (!answers) throw new HttpError(404, STAFF_INBOX_ERRORS.messageNotFound);
    const offices = replyOfficesFor(caller.role, answers.toName);
    const from = request.from ?? answers.toName;
    if (!offices.includes(from)) throw new HttpError(400, STAFF_INBOX_ERRORS.officeRefused);
    const [student] = await tx
      .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
      .from(students)
      .where(eq(students.id, id));
    if (!student) throw new Error('a student in scope has no row');
    return postOfficeMessage(tx, by, student, {
      from,
      subject: replySubject(answers.subject),
      content: request.content,
      applicationId: answers.applicationId,
      answers,
    });
  });
}
