import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  TFailedNotification,
  TMailboxMessage,
  TMailboxResponse,
} from '../../../shared/staff-mail.js';
import { seriousViolations } from '../../test/axe.js';
import { json } from '../../test/fake-fetch.js';
import { renderConsole } from '../test/render-console.js';
import { PRIYA_ID, rahul } from '../test/staff-data.js';

const FAILED_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const MESSAGE_ID = '2026-11-30T10-00-00-000Z-000001-a1b2c3d4-0000-4000-8000-000000000002';

const failed = (overrides: Partial<TFailedNotification> = {}): TFailedNotification => ({
  id: FAILED_ID,
  template: 'document.rejected',
  subject: 'Please upload your Sponsor letter again',
  recipient: { kind: 'student', id: PRIYA_ID, name: 'Priya Sharma' },
  attempts: 6,
  lastError: '550 priya.sharma@example.com: no such mailbox here',
  createdAt: new Date().toISOString(),
  ...overrides,
});

const message = (overrides: Partial<TMailboxMessage> = {}): TMailboxMessage => ({
  id: MESSAGE_ID,
  to: 'priya.sharma@example.com',
  subject: 'Graduate Admissions replied to your message',
  sentAt: '2026-11-30T10:00:00.000Z',
  text: 'Hello Priya,\n\nGraduate Admissions replied to your message in the portal.',
  html: '<p style="margin:0">Hello Priya,</p>',
  ...overrides,
});

const summary = {
  id: MESSAGE_ID,
  to: message().to,
  subject: message().subject,
  sentAt: message().sentAt,
};
const mailbox = (overrides: Partial<TMailboxResponse> = {}): TMailboxResponse => ({
  mailbox: true,
  messages: [summary, { ...summary, id: 'older-message', subject: 'New message from Box' }],
  ...overrides,
});

const noneFailed = { 'GET /api/staff/notifications/failed': json({ items: [] }) };

describe('the mail page', () => {
  it('retries a notification not delivered: it leaves the list, and the page says so', async () => {
    let items = [failed(), failed({ id: 'other', subject: 'Your CV was accepted' })];
    const { user, requests } = renderConsole('/staff/mail', {
      api: {
        'GET /api/staff/notifications/failed': () => json({ items }),
        [`POST /api/staff/notifications/${FAILED_ID}/retry`]: () => {
          items = items.filter((i) => i.id !== FAILED_ID);
          return json({ id: FAILED_ID, state: 'queued' });
        },
        'GET /api/staff/mail': json(mailbox({ messages: [] })),
      },
    });
    const item = await screen.findByRole('listitem', {
      name: 'Please upload your Sponsor letter again',
    });
    expect(item.textContent).toContain('Last error: 550 priya.sharma@example.com');
    expect(item.textContent).toContain('Tried 6 times');
    expect(within(item).getByRole('link', { name: 'Priya Sharma' }).getAttribute('href')).toBe(
      `/staff/students/${PRIYA_ID}`,
    );

    await user.click(within(item).getByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Not delivered' })).toBe(document.activeElement);
    });
    expect(
      screen.queryByRole('listitem', { name: 'Please upload your Sponsor letter again' }),
    ).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Your CV was accepted' })).toBeTruthy();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
      '“Please upload your Sponsor letter again” to Priya Sharma is queued to be sent again.',
    );
    expect(requests()).toContain(`POST /api/staff/notifications/${FAILED_ID}/retry`);
    expect(await seriousViolations()).toEqual([]);
  });

  it("shows the server's refusal of a retry, and reads the list again", async () => {
    let reads = 0;
    const { user } = renderConsole('/staff/mail', {
      api: {
        'GET /api/staff/notifications/failed': () => {
          reads += 1;
          return json({ items: reads === 1 ? [failed()] : [] });
        },
        [`POST /api/staff/notifications/${FAILED_ID}/retry`]: json(
          { message: 'Only a notification that could not be delivered can be sent again.' },
          409,
        ),
        'GET /api/staff/mail': json(mailbox({ messages: [] })),
      },
    });
    const item = await screen.findByRole('listitem', {
      name: 'Please upload your Sponsor letter again',
    });
    await user.click(within(item).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Only a notification that could not be delivered can be sent again.',
    );
    expect(await screen.findByText('Every notification was delivered.')).toBeTruthy();
  });

  it('opens a message of the mailbox from the keyboard: its text, and its HTML in a sandbox', async () => {
    const { user, address } = renderConsole('/staff/mail', {
      api: {
        ...noneFailed,
        'GET /api/staff/mail': json(mailbox()),
        [`GET /api/staff/mail/${MESSAGE_ID}`]: json(message()),
      },
    });
    const list = await screen.findByRole('list', { name: 'Messages, newest first' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Graduate Admissions replied to your message', 'New message from Box']);
    expect(list.textContent).toContain('To priya.sharma@example.com');

    const open = within(list).getByRole('button', {
      name: 'Graduate Admissions replied to your message',
    });
    open.focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', {
      level: 3,
      name: 'Graduate Admissions replied to your message',
    });
    await waitFor(() => {
      expect(heading).toBe(document.activeElement);
    });
    expect(address()).toBe(`/staff/mail?message=${MESSAGE_ID}`);
    expect(open.getAttribute('aria-current')).toBe('true');
    const article = heading.closest('article');
    expect(article?.querySelector('pre')?.textContent).toBe(message().text);
    const frame = screen.getByTitle<HTMLIFrameElement>(
      'Graduate Admissions replied to your message, as HTML',
    );
    expect(frame.tagName).toBe('IFRAME');
    // An empty sandbox: nothing in the message runs, and it has no origin of its own to use.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(message().html);
    expect(await seriousViolations()).toEqual([]);
  });

  it('says an unknown message is not in the mailbox', async () => {
    renderConsole('/staff/mail?message=gone', {
      api: {
        ...noneFailed,
        'GET /api/staff/mail': json(mailbox()),
        'GET /api/staff/mail/gone': json(
          { message: 'No message in the mailbox has this id.' },
          404,
        ),
      },
    });
    expect(await screen.findByText('No message in the mailbox has this id.')).toBeTruthy();
  });

  it('says mail goes through SMTP where the server keeps no mailbox', async () => {
    renderConsole('/staff/mail', {
      api: { ...noneFailed, 'GET /api/staff/mail': json({ mailbox: false, messages: [] }) },
    });
    expect(await screen.findByText(/This server keeps no mailbox/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Messages, newest first' })).toBeNull();
    expect(await screen.findByText('Every notification was delivered.')).toBeTruthy();
  });

  it('is in the nav for administrators only, and refuses anyone else', async () => {
    renderConsole('/staff/mail', { signedIn: rahul });
    expect(await screen.findByText('Only an administrator can open this page.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).queryByRole('link', { name: 'Mail' })).toBeNull();
  });

  it('is in the nav for administrators', async () => {
    renderConsole('/staff/mail', {
      api: { ...noneFailed, 'GET /api/staff/mail': json(mailbox({ messages: [] })) },
    });
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Mail' }).getAttribute('href')).toBe(
      '/staff/mail',
    );
    expect(
      await screen.findByText('No mail yet. Messages show here as they are sent.'),
    ).toBeTruthy();
  });
});
