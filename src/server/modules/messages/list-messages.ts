import { desc, eq, sql } from 'drizzle-orm';
import type { TMessage } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { messages, students } from '../../db/schema.js';
import { sessionColumns } from '../auth/find-session-student.js';
import {
  type SessionCheckedRead,
  type SessionRef,
  sessionWithRows,
} from '../auth/session-checked-read.js';
import { messageColumns, toMessage } from './message-row.js';

// From the student's row, so the session is judged on this one read (readAsVerifiedStudent).
const selectStudentMessages = (db: Database, name: string) =>
  db
    .select({ session: sessionColumns, message: messageColumns })
    .from(students)
    .leftJoin(messages, eq(messages.studentId, students.id))
    .where(eq(students.id, sql.placeholder('studentId')))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .prepare(name);

/** The session's student's messages, both directions, the newest first. */
export async function listMessages(
  db: Database,
  { studentId, sessionId }: SessionRef,
): Promise<SessionCheckedRead<TMessage[]> | null> {
  const query = preparedQuery(db, 'list_messages', selectStudentMessages);
  const rows = await query.execute({ studentId, sessionId });
  return sessionWithRows(rows, (row) => row.message && toMessage(row.message));
}
