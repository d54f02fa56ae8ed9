import type { TMessage } from '../../../shared/messages.js';
import { messages } from '../../db/schema.js';
import { ownRowsList } from '../auth/own-rows-list.js';

/**
 * The columns a message's answer shows, and no others: each column a read selects is parsed and
 * mapped for every row, and the list is one of the dashboard's hottest reads.
 */
export const messageColumns = {
  id: messages.id,
  fromName: messages.fromName,
  toName: messages.toName,
  subject: messages.subject,
  content: messages.content,
  isRead: messages.isRead,
  createdAt: messages.createdAt,
  direction: messages.direction,
  applicationId: messages.applicationId,
  replyToMessageId: messages.replyToMessageId,
};

type MessageFields = Pick<typeof messages.$inferSelect, keyof typeof messageColumns>;

export function toMessage(row: MessageFields): TMessage {
  return {
    id: row.id,
    from: row.fromName,
    to: row.toName,
    subject: row.subject,
    content: row.content,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    // The column is free text only to the database; nothing else is ever written to it.
    direction: row.direction === 'outbound' ? 'outbound' : 'inbound',
    applicationId: row.applicationId,
    replyTo: row.replyToMessageId,
  };
}

/** The student's messages, both directions, the newest first (readOwnRows). */
export const messageList = ownRowsList(messages, messageColumns, toMessage, {
  newestBy: messages.createdAt,
});
