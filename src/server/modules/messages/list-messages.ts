import { desc, eq, sql } from 'drizzle-orm';
import type { TMessage } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { messages } from '../../db/schema.js';
import { toMessage } from './message-row.js';

const selectStudentMessages = (db: Database, name: string) =>
  db
    .select()
    .from(messages)
    .where(eq(messages.studentId, sql.placeholder('studentId')))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .prepare(name);

/** The student's messages, both directions, the newest first. */
export async function listMessages(db: Database, studentId: string): Promise<TMessage[]> {
  const rows = await preparedQuery(db, 'list_messages', selectStudentMessages).execute({
    studentId,
  });
  return rows.map(toMessage);
}
