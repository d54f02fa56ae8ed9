import { describe, expect, it } from 'vitest';
import type { TMessage } from '../../../../shared/messages.js';
import { threadMessages } from './message-threads.js';

const at = (day: number) => new Date(Date.UTC(2026, 5, day)).toISOString();
const message = (id: number, day: number, replyTo: number | null = null): TMessage => ({
  id,
  from: replyTo === null ? 'Priya Sharma' : 'Admissions Office',
  to: replyTo === null ? 'Admissions Office' : 'Priya Sharma',
  subject: `Message ${id}`,
  content: 'Text',
  isRead: true,
  createdAt: at(day),
  direction: replyTo === null ? 'outbound' : 'inbound',
  applicationId: null,
  replyTo,
});

const shape = (messages: TMessage[]) =>
  threadMessages(messages).map((t) => [t.message.id, t.replies.map((r) => r.id)]);

describe('threadMessages', () => {
  it('keeps the newest-first order of messages without replies', () => {
    expect(shape([message(3, 9), message(2, 5), message(1, 1)])).toEqual([
      [3, []],
      [2, []],
      [1, []],
    ]);
  });

  it('puts replies under their message, oldest first, and the conversation at its latest reply', () => {
    const list = [message(5, 20, 1), message(4, 12), message(3, 10, 1), message(1, 1)];
    expect(shape(list)).toEqual([
      [1, [3, 5]],
      [4, []],
    ]);
  });

  it('shows a reply whose message is not in the list on its own', () => {
    expect(shape([message(7, 3, 99), message(6, 2)])).toEqual([
      [7, []],
      [6, []],
    ]);
  });
});
