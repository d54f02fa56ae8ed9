import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UNIVERSITY_OFFICES } from '../../../shared/messages.js';
import type { TSavedReply } from '../../../shared/saved-replies.js';
import type { TStaffConversation, TStaffInboxItem } from '../../../shared/staff-inbox.js';
import { seriousViolations } from '../../test/axe.js';
import { json } from '../../test/fake-fetch.js';
import { renderConsole } from '../test/render-console.js';
import { PRIYA_ID, rahul, staffMember } from '../test/staff-data.js';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** Priya's message as both answers have it; the list adds its preview, a conversation its text. */
const listed: Omit<TStaffInboxItem, 'preview'> = {
  messageId: 41,
  studentId: PRIYA_ID,
  studentName: 'Priya Sharma',
  office: 'Admissions Office',
  subject: 'Bank statement',
  createdAt: hoursAgo(2),
  officeReadAt: null,
  application: { id: 11, university: 'Lakeshore State University', program: 'M.S. Data Science' },
  replyCount: 0,
  lastReplyAt: null,
};

const item = (overrides: Partial<TStaffInboxItem> = {}): TStaffInboxItem => ({
  ...listed,
  preview: 'I uploaded my bank statement today.',
  ...overrides,
});

const conversation = (overrides: Partial<TStaffConversation> = {}): TStaffConversation => ({
  ...listed,
  content: 'I uploaded my bank statement today.\nIs anything else missing?',
  replies: [],
  replyOffices: ['Admissions Office'],
  ...overrides,
});

const savedReply: TSavedReply = {
  id: 3,
  title: 'We received your documents',
  body: 'Thank you: we received your documents and will review them this week.',
  updatedAt: hoursAgo(48),
};

const MESSAGE = `/api/staff/students/${PRIYA_ID}/messages/41`;

describe('the inbox', () => {
  it('lists the conversations, unread first as the server sends them, with the student, office and application', async () => {
    renderConsole('/staff/inbox', {
      signedIn: rahul,
      api: {
        'GET /api/staff/inbox': json({
          items: [
            item(),
            item({
              messageId: 40,
              subject: 'Transcript format',
              officeReadAt: hoursAgo(20),
              application: null,
              office: "Registrar's Office",
              replyCount: 2,
              createdAt: hoursAgo(30),
            }),
          ],
          nextCursor: null,
          unreadCount: 1,
        }),
      },
    });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(screen.getByRole('status').textContent).toBe('1 unread');
    const [first, second] = within(list).getAllByRole('listitem');
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'Bank statement' })
        .getAttribute('href'),
    ).toBe(`/staff/inbox/${PRIYA_ID}/41`);
    expect(first?.textContent).toContain(
      'From Priya Sharma to Admissions Office, about Lakeshore State University (M.S. Data Science)',
    );
    expect(within(first as HTMLElement).getByText('Unread')).toBeTruthy();
    expect(second?.textContent).toContain("to Registrar's Office");
    expect(within(second as HTMLElement).getByText('2 replies')).toBeTruthy();
    expect(within(second as HTMLElement).queryByText('Unread')).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'Console' }))
        .getByRole('link', { name: 'Inbox' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await seriousViolations()).toEqual([]);
  });

  it('says so when no student has written', async () => {
    renderConsole('/staff/inbox', {
      api: { 'GET /api/staff/inbox': json({ items: [], nextCursor: null, unreadCount: 0 }) },
    });
    expect(await screen.findByText('No messages from your students yet.')).toBeTruthy();
  });
});

describe('a conversation', () => {
  it('marks an unread message read on opening, and an agent replies from a saved reply, edited', async () => {
    let replies: TStaffConversation['replies'] = [];
    const { user, requests, sent } = renderConsole(`/staff/inbox/${PRIYA_ID}/41`, {
      signedIn: rahul,
      api: {
        [`GET ${MESSAGE}`]: () => json(conversation({ replies })),
        [`PUT ${MESSAGE}/read`]: json({ officeReadAt: new Date().toISOString() }),
        'GET /api/staff/saved-replies': json({ items: [savedReply] }),
        [`POST ${MESSAGE}/replies`]: () => {
          replies = [
            {
              id: 90,
              from: 'Admissions Office',
              subject: 'Re: Bank statement',
              content: 'Sent text',
              createdAt: new Date().toISOString(),
              readByStudent: false,
            },
          ];
          return json(
            {
              id: 90,
              from: 'Admissions Office',
              to: 'Priya Sharma',
              subject: 'Re: Bank statement',
              content: 'Sent text',
              isRead: false,
              createdAt: new Date().toISOString(),
              direction: 'inbound',
              applicationId: 11,
              replyTo: 41,
            },
            201,
          );
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank statement' })).toBeTruthy();
    const message = screen.getByRole('article', { name: "Priya Sharma's message" });
    expect(message.textContent).toContain('Is anything else missing?');
    expect(within(message).getByRole('link', { name: 'Priya Sharma' }).getAttribute('href')).toBe(
      `/staff/students/${PRIYA_ID}`,
    );
    await waitFor(() => {
      expect(requests()).toContain(`PUT ${MESSAGE}/read`);
    });

    const form = screen.getByRole('form', { name: 'Reply' });
    // An agent replies as the office the student wrote to, and is told which.
    expect(within(form).queryByLabelText('From')).toBeNull();
    expect(form.textContent).toContain('The student reads it from Admissions Office.');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(within(form).getByText('Please write a message before sending.')).toBeTruthy();

    await user.selectOptions(
      await within(form).findByLabelText('Saved reply'),
      'We received your documents',
    );
    await user.click(within(form).getByRole('button', { name: 'Insert' }));
    const text = within(form).getByLabelText<HTMLTextAreaElement>('Your reply');
    expect(text.value).toBe(savedReply.body);
    expect(document.activeElement).toBe(text);
    await user.type(text, ' Priya, your I-20 follows.');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));

    expect(await within(form).findByText(/Reply sent\./)).toBeTruthy();
    const post = sent.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({
      content: `${savedReply.body} Priya, your I-20 follows.`,
    });
    expect(text.value).toBe('');
    const thread = await screen.findByRole('list', { name: 'Replies' });
    expect(
      within(thread).getByRole('article', { name: 'Reply from Admissions Office' }),
    ).toBeTruthy();
    expect(within(thread).getByText('Not read yet')).toBeTruthy();
    expect(requests().filter((r) => r.endsWith('/read'))).toHaveLength(1);
    expect(await seriousViolations()).toEqual([]);
  });

  it("lets a school officer reply as another of the school's offices, and shows a refusal", async () => {
    const { user, sent, requests } = renderConsole(`/staff/inbox/${PRIYA_ID}/41`, {
      signedIn: staffMember({ role: 'school', name: 'Dana Whitfield' }),
      api: {
        [`GET ${MESSAGE}`]: json(
          conversation({ officeReadAt: hoursAgo(1), replyOffices: [...UNIVERSITY_OFFICES] }),
        ),
        'GET /api/staff/saved-replies': json({ items: [] }),
        [`POST ${MESSAGE}/replies`]: json(
          { message: 'This student sent no message with this id.' },
          404,
        ),
      },
    });
    const form = await screen.findByRole('form', { name: 'Reply' });
    const from = within(form).getByLabelText<HTMLSelectElement>('From');
    expect(from.value).toBe('Admissions Office');
    await user.selectOptions(from, 'Financial Aid Office');
    await user.type(within(form).getByLabelText('Your reply'), 'Your scholarship is confirmed.');
    await user.click(within(form).getByRole('button', { name: 'Send reply' }));

    expect((await within(form).findByRole('alert')).textContent).toContain(
      'This student sent no message with this id.',
    );
    expect(JSON.parse(sent.find((r) => r.method === 'POST')?.body ?? '')).toEqual({
      content: 'Your scholarship is confirmed.',
      from: 'Financial Aid Office',
    });
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Your reply').value).toBe(
      'Your scholarship is confirmed.',
    );
    // Read already: opening it asks nothing more.
    expect(requests().some((r) => r.endsWith('/read'))).toBe(false);
    expect(within(form).queryByLabelText('Saved reply')).toBeNull();
  });

  it('says a message outside the scope is not in the inbox', async () => {
    renderConsole(`/staff/inbox/${PRIYA_ID}/41`, {
      signedIn: rahul,
      api: { [`GET ${MESSAGE}`]: json({ message: 'No student with this id.' }, 404) },
    });
    expect(await screen.findByText('This message is not in your inbox.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the inbox' })).toBeTruthy();
  });
});
