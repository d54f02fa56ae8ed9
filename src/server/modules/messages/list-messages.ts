import { desc, eq } from 'drizzle-orm';
import type { TMessage } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { messages } from '../../db/schema.js';
import {
  foundItems,
  requestedStudent,
  selectForSessions,
  type SessionCheckedRead,
  sessionCheckedReads,
  type SessionRef,
} from '../auth/session-checked-read.js';
import { messageColumns, toMessage } from './message-row.js';

// With the session's columns, so the session is judged on this one read (readAsVerifiedStudent).
// Exported for bench/batched-read-plans.ts, which prints its plan.
export const selectStudentsMessages = (db: Database, name: string) =>
  selectForSessions(db, { message: messageColumns })
    .leftJoin(messages, eq(messages.studentId, requestedStudent.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .prepare(name);

const readMessages = (db: Database, name: string) =>
  sessionCheckedReads(
    selectStudentsMessages(db, name),
    foundItems((row) => row.message && toMessage(row.message)),
  );

/** The session's student's messages, both directions, the newest first. */
export function listMessages(
  db: Database,
  session: SessionRef,
): Promise<SessionCheckedRead<TMessage[]> | null> {
  return preparedQuery(db, 'list_messages', readMessages)(session);
}
