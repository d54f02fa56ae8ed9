import type { TMessage } from '../../../../shared/messages.js';

export interface MessageThread {
  message: TMessage;
  /** The offices' replies to it, oldest first. */
  replies: TMessage[];
}

/**
 * The messages as conversations: each reply under the student's message it answers, oldest reply
 * first, and the conversations in the order of their latest message, newest first, so a new reply
 * to an old question comes to the top. A reply whose message is not in the list (another
 * application's, on an application's page) stands on its own.
 */
export function threadMessages(messages: readonly TMessage[]): MessageThread[] {
  const shown = new Set(messages.map((m) => m.id));
  const repliesTo = new Map<number, TMessage[]>();
  for (const m of messages) {
    if (m.replyTo !== null && shown.has(m.replyTo))
      repliesTo.set(m.replyTo, [...(repliesTo.get(m.replyTo) ?? []), m]);
  }
  const byTime = (a: TMessage, b: TMessage) => Date.parse(a.createdAt) - Date.parse(b.createdAt);
  const threads = messages
    .filter((m) => m.replyTo === null || !shown.has(m.replyTo))
    .map((message) => ({ message, replies: (repliesTo.get(message.id) ?? []).sort(byTime) }));
  const latest = ({ message, replies }: MessageThread) =>
    Date.parse((replies.at(-1) ?? message).createdAt);
  // Array.sort is stable: conversations alike in time keep the server's order.
  return threads.sort((a, b) => latest(b) - latest(a));
}
