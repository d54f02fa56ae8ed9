import type { TMessage } from '../../../shared/messages.js';
import type { Database } from '../../db/client.js';
import { messages } from '../../db/schema.js';
import { type OwnRowsList, readOwnRows } from '../auth/own-rows-list.js';
import type { SessionCheckedRead, SessionRef } from '../auth/session-checked-read.js';
import { messageColumns, toMessage } from './message-row.js';

export const messageList: OwnRowsList<typeof messageColumns, TMessage> = {
  name: 'list_messages',
  table: messages,
  studentId: messages.studentId,
  columns: messageColumns,
  newestFirst: [messages.createdAt, messages.id],
  toItem: toMessage,
};

/** The session's student's messages, both directions, the newest first. */
export function listMessages(
  db: Database,
  session: SessionRef,
): Promise<SessionCheckedRead<TMessage[]> | null> {
  return readOwnRows(db, messageList, session);
}
