import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGE_ERRORS, UNIVERSITY_OFFICES, type TMessage } from '../../../../shared/messages.js';
import { deferred, json } from '../../../test/fake-fetch.js';
import {
  hoursAgo,
  readMessage,
  renderMessagesPage,
  SEEDED_MESSAGES,
  sentMessage,
  unreadMessage,
} from '../test/messages-fixtures.js';

const messageList = () => screen.findByRole('list', { name: 'Messages' });
const article = (subject: string) => screen.getByRole('article', { name: subject });
const compose = () => screen.getByRole('form', { name: 'New message' });
const openCompose = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'New Message' }));
  return screen.getByRole('dialog', { name: 'New Message' });
};
const messageField = () =>
  within(compose()).getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
const subjectField = () =>
  within(compose()).getByRole<HTMLInputElement>('textbox', { name: 'Subject' });
const officeSelect = () =>
  within(compose()).getByRole<HTMLSelectElement>('combobox', { name: 'To' });
const sendButton = () => within(compose()).getByRole('button', { name: /Send/ });

describe('the inbox', () => {
  it('lists the messages newest first: from or to, subject, preview and when', async () => {
    renderMessagesPage();
    const list = await messageList();

    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([unreadMessage.subject, readMessage.subject, sentMessage.subject]);
    const unread = article(unreadMessage.subject);
    expect(within(unread).getByText(unreadMessage.from)).toBeTruthy();
    expect(within(unread).getByText('2 days ago')).toBeTruthy();
    const sent = article(sentMessage.subject);
    expect(sent.textContent).toContain('To: Graduate Admissions Office');
    expect(within(sent).getByText('Sent')).toBeTruthy();
    expect(within(sent).getByText(sentMessage.content)).toBeTruthy();
  });

  it('shows a short date, not weeks, for a message more than a week old, with the full time on it', async () => {
    renderMessagesPage();
    await messageList();

    const time = article(readMessage.subject).querySelector('time');
    const created = new Date(readMessage.createdAt);
    expect(time?.getAttribute('datetime')).toBe(readMessage.createdAt);
    expect(time?.textContent).toBe(
      created.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    );
    expect(time?.getAttribute('title')).toMatch(
      /^\w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/,
    );
  });

  it("marks only unread messages from the university 'New', with 'Mark as Read'", async () => {
    renderMessagesPage();
    await messageList();

    expect(within(article(unreadMessage.subject)).getByText('New')).toBeTruthy();
    expect(
      within(article(unreadMessage.subject)).getByRole('button', { name: 'Mark as Read' }),
    ).toBeTruthy();
    for (const subject of [readMessage.subject, sentMessage.subject]) {
      expect(within(article(subject)).queryByText('New')).toBeNull();
      expect(within(article(subject)).queryByRole('button', { name: 'Mark as Read' })).toBeNull();
    }
    expect(screen.getAllByRole('button', { name: 'Mark as Read' })).toHaveLength(1);
  });

  it('Mark as Read takes the badge away at once, says so, and tells the server', async () => {
    const answer = deferred<Response>();
    let marked = false;
    const { sent, user } = renderMessagesPage({
      api: {
        'PATCH /api/messages/101/read': async () => {
          const res = await answer.promise;
          marked = true;
          return res;
        },
        'GET /api/messages': () =>
          json([{ ...unreadMessage, isRead: marked }, readMessage, sentMessage]),
      },
    });
    await messageList();

    await user.click(screen.getByRole('button', { name: 'Mark as Read' }));

    const message = article(unreadMessage.subject);
    await waitFor(() => {
      expect(within(message).queryByText('New')).toBeNull();
    });
    expect(within(message).queryByRole('button', { name: 'Mark as Read' })).toBeNull();
    expect(screen.getByText('Message marked as read.').getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(message);
    const patch = sent.find((r) => r.method === 'PATCH');
    expect(patch?.url).toBe('/api/messages/101/read');
    expect(patch?.headers.get('Authorization')).toBe('Bearer stored-token');

    answer.resolve(json({ ...unreadMessage, isRead: true }));
    await waitFor(() => {
      expect(sent.filter((r) => r.method === 'GET' && r.url === '/api/messages')).toHaveLength(2);
    });
    expect(within(article(unreadMessage.subject)).queryByText('New')).toBeNull();
  });

  it('puts the badge back and says why when the server refuses, even with no list to re-read', async () => {
    let lists = 0;
    const { user } = renderMessagesPage({
      api: {
        'PATCH /api/messages/101/read': json({ message: 'Message not found.' }, 404),
        // The connection drops after the first list: only the page itself can undo the change.
        'GET /api/messages': () =>
          ++lists === 1 ? json([unreadMessage, readMessage, sentMessage]) : Response.error(),
      },
    });
    await messageList();

    await user.click(screen.getByRole('button', { name: 'Mark as Read' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Message not found.');
    expect(within(article(unreadMessage.subject)).getByText('New')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark as Read' })).toBeTruthy();
  });

  it('opens a long message to its whole text and closes it again', async () => {
    const { user } = renderMessagesPage();
    await messageList();
    const message = article(unreadMessage.subject);
    expect(within(message).queryByText(unreadMessage.content)).toBeNull();
    expect(message.textContent).toContain('Thank you for your application.');

    const toggle = within(message).getByRole('button', { name: 'Show full message' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);

    expect(within(message).getByText(unreadMessage.content)).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(message).getByRole('button', { name: 'Show less' }));
    expect(within(message).queryByText(unreadMessage.content)).toBeNull();
  });

  it('says so when there are no messages yet', async () => {
    renderMessagesPage({ messages: [] });

    expect(await screen.findByText('No messages yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Messages' })).toBeNull();
  });

  it("shows an office's reply under the message it answers, 'New' with 'Mark as Read'", async () => {
    const reply: TMessage = {
      id: 104,
      from: 'Graduate Admissions Office',
      to: 'Priya Sharma',
      subject: `Re: ${sentMessage.subject}`,
      content: 'One PDF, please.',
      isRead: false,
      createdAt: hoursAgo(1),
      direction: 'inbound',
      applicationId: sentMessage.applicationId,
      replyTo: sentMessage.id,
    };
    const { user, sent } = renderMessagesPage({
      messages: [reply, unreadMessage, readMessage, sentMessage],
    });
    const list = await messageList();

    // The conversation with the newest reply comes first; the reply is not a message of its own.
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([sentMessage.subject, unreadMessage.subject, readMessage.subject]);
    const replies = within(list).getByRole('list', { name: `Replies to ${sentMessage.subject}` });
    const answer = within(replies).getByRole('article', { name: reply.subject });
    expect(answer.textContent).toContain('From: Graduate Admissions Office');
    expect(within(answer).getByRole('heading', { level: 4 }).textContent).toBe(reply.subject);
    expect(within(answer).getByText('One PDF, please.')).toBeTruthy();
    expect(within(answer).getByText('New')).toBeTruthy();

    await user.click(within(answer).getByRole('button', { name: 'Mark as Read' }));
    await waitFor(() => {
      expect(within(answer).queryByText('New')).toBeNull();
    });
    expect(sent.find((r) => r.method === 'PATCH')?.url).toBe('/api/messages/104/read');
  });

  it('reads a list kept from before replies were threaded, which names no replyTo', async () => {
    const kept = SEEDED_MESSAGES.map(({ replyTo: _replyTo, ...message }) => message);
    renderMessagesPage({ api: { 'GET /api/messages': json(kept) } });
    const list = await messageList();

    expect(
      within(list)
        .getAllByRole('article')
        .map((article) => within(article).getByRole('heading').textContent),
    ).toEqual([unreadMessage.subject, readMessage.subject, sentMessage.subject]);
    expect(within(list).queryByRole('list')).toBeNull();
  });

  it('says it is loading, then, on a failure, why, and tries again', async () => {
    let attempts = 0;
    const second = deferred<Response>();
    const { user } = renderMessagesPage({
      api: {
        'GET /api/messages': () =>
          ++attempts === 1 ? json({ message: 'Down' }, 503) : second.promise,
      },
    });
    expect(await screen.findByText('Loading your messages…')).toBeTruthy();

    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('Your messages could not be loaded.');
    await user.click(within(failure).getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('Loading your messages…')).toBeTruthy();
    second.resolve(json([readMessage]));
    expect(await screen.findByRole('article', { name: readMessage.subject })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leads back to the dashboard', async () => {
    renderMessagesPage();
    await messageList();

    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });
});

describe('a new message', () => {
  it('goes to one of the four university offices', async () => {
    const { user } = renderMessagesPage();
    await messageList();
    await openCompose(user);

    const to = officeSelect();
    expect(
      within(to)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([...UNIVERSITY_OFFICES]);
    expect(to.value).toBe('Admissions Office');
  });

  it('cannot be sent while the text is empty or only spaces', async () => {
    const { sent, user } = renderMessagesPage();
    await messageList();
    await openCompose(user);

    expect(sendButton()).toHaveProperty('disabled', true);
    await user.type(messageField(), '   \n  ');
    expect(sendButton()).toHaveProperty('disabled', true);
    await user.type(subjectField(), 'Hello');
    expect(sendButton()).toHaveProperty('disabled', true);
    await user.type(messageField(), 'x');
    expect(sendButton()).toHaveProperty('disabled', false);
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('is sent trimmed; the sheet closes and the result is announced and focused at the top, above the sent message', async () => {
    const { sent, user } = renderMessagesPage();
    await messageList();
    await openCompose(user);

    await user.selectOptions(officeSelect(), 'International Student Office');
    await user.type(subjectField(), '  OPT question ');
    await user.type(messageField(), '  When can I apply for OPT?  ');
    await user.click(sendButton());

    const status = await screen.findByText('Message sent to International Student Office.');
    const result = status.closest('[role="status"]');
    if (!result) throw new Error('the result is not a status');
    await waitFor(() => {
      expect(document.activeElement).toBe(result);
    });
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/api/messages');
    expect(JSON.parse(post?.body ?? '')).toEqual({
      to: 'International Student Office',
      subject: 'OPT question',
      content: 'When can I apply for OPT?',
    });
    expect(screen.queryByRole('dialog')).toBeNull();

    const list = await messageList();
    const first = within(list).getAllByRole('article')[0];
    expect(first?.textContent).toContain('To: International Student Office');
    expect(first?.textContent).toContain('OPT question');
    expect(first?.textContent).toContain('Just now');
    // Above the list, whose first message is the one sent.
    expect(result.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('cannot be sent twice while it is on its way', async () => {
    const answer = deferred<Response>();
    const { sent, user } = renderMessagesPage({
      api: { 'POST /api/messages': () => answer.promise },
    });
    await messageList();
    await openCompose(user);
    await user.type(messageField(), 'Hello');

    await user.click(sendButton());

    expect(sendButton()).toHaveProperty('disabled', true);
    expect(sendButton().textContent).toBe('Sending…');
    await user.click(sendButton());
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
    answer.resolve(json({ message: 'Too many messages. Please wait a minute.' }, 429));
    await screen.findByRole('alert');
  });

  it("keeps the text and shows the server's reason when it is refused", async () => {
    const { user } = renderMessagesPage({
      api: {
        'POST /api/messages': json({ message: 'Too many messages. Please wait a minute.' }, 429),
      },
    });
    await messageList();
    await openCompose(user);
    await user.type(messageField(), 'Please check my documents.');

    await user.click(sendButton());

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many messages. Please wait a minute.',
    );
    expect(messageField().value).toBe('Please check my documents.');
    expect(sendButton()).toHaveProperty('disabled', false);
    expect(screen.queryByText(/Message sent/)).toBeNull();
  });

  it('keeps the text and says to try again when the failure has no reason', async () => {
    const { user } = renderMessagesPage({
      api: {
        'POST /api/messages': () => new Response('<html>Bad gateway</html>', { status: 502 }),
      },
    });
    await messageList();
    await openCompose(user);
    await user.type(messageField(), 'Please check my documents.');

    await user.click(sendButton());

    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGE_ERRORS.sendFailed);
    expect(messageField().value).toBe('Please check my documents.');
  });

  it('stops at the character limits and counts down near them', async () => {
    const { user } = renderMessagesPage();
    await messageList();
    await openCompose(user);
    const field = messageField();
    expect(field.maxLength).toBe(5000);
    expect(subjectField().maxLength).toBe(200);
    expect(screen.queryByText(/characters left/)).toBeNull();

    await user.click(field);
    await user.paste('x'.repeat(3999));
    expect(screen.queryByText(/characters left/)).toBeNull();
    await user.type(field, 'y');
    expect(screen.getByText('1000 characters left of 5000')).toBeTruthy();
    await user.paste('z'.repeat(1200));
    expect(field.value).toHaveLength(5000);
    expect(screen.getByText('0 characters left of 5000')).toBeTruthy();
  });

  it("is at the top, before the inbox, and Cancel closes it and gives focus back to 'New Message'", async () => {
    const { user } = renderMessagesPage();
    const list = await messageList();
    const newMessage = screen.getByRole('button', { name: 'New Message' });
    expect(
      newMessage.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New message' })).toBeNull();

    const sheet = await openCompose(user);
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(newMessage);
  });
});

describe('a reply', () => {
  it('goes to the office that wrote, with its subject and application, from a message of the university', async () => {
    const { sent, user } = renderMessagesPage();
    await messageList();
    expect(
      within(article(sentMessage.subject)).queryByRole('button', { name: 'Reply' }),
    ).toBeNull();

    await user.click(within(article(readMessage.subject)).getByRole('button', { name: 'Reply' }));

    const sheet = screen.getByRole('dialog', { name: 'Reply' });
    expect(officeSelect().value).toBe('International Student Office');
    expect(subjectField().value).toBe(`Re: ${readMessage.subject}`);
    await user.type(messageField(), 'Thank you!');
    await user.click(within(sheet).getByRole('button', { name: /Send/ }));

    await screen.findByText('Message sent to International Student Office.');
    const post = sent.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({
      to: 'International Student Office',
      subject: `Re: ${readMessage.subject}`,
      content: 'Thank you!',
      applicationId: readMessage.applicationId,
    });
  });
});

describe('the unread count', () => {
  it('is on the Messages tab, and goes when the message is read', async () => {
    const { user } = renderMessagesPage();
    await messageList();
    const tabs = (name: string) => screen.queryAllByRole('link', { name });
    // The header's tabs and the phone's bottom navigation, each with a badge.
    expect(tabs('Messages, 1 unread')).toHaveLength(2);

    await user.click(
      within(article(unreadMessage.subject)).getByRole('button', { name: 'Mark as Read' }),
    );

    await waitFor(() => {
      expect(tabs('Messages')).toHaveLength(2);
    });
    expect(tabs('Messages, 1 unread')).toHaveLength(0);
  });
});
