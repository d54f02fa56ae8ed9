import { and, eq } from 'drizzle-orm';
import type { TMessage } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { messages } from '../../db/schema.js';
import { messageColumns, toMessage } from './message-row.js';

/**
 * Marks one of the student's own messages read; marking it again changes nothing. Null for an
 * unknown id and for another student's alike.
 */
export async function markMessageRead(
  db: Database,
  studentId: string,
  messageId: number,
): Promise<TMessage | null> {
  const [row] = await db
    .update(messages)
    .set({ isRead: true })
    .where(and(eq(messages.id, messageId), eq(messages.studentId, studentId)))
    .returning(messageColumns);
  return row ? toMessage(row) : null;
}
