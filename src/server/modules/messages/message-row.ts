import type { TMessage } from '../../../shared/messages.js';
import type { messages } from '../../db/schema.js';

type MessageRow = typeof messages.$inferSelect;

export function toMessage(row: MessageRow): TMessage {
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
  };
}
