import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { TMessage, TSendMessageRequest } from '../../../../shared/messages.js';
import { signedInStudent } from '../../../test/data-generators.js';
import { installFakeFetch, json, type Answer, type SentRequest } from '../../../test/fake-fetch.js';
import { renderApp, renderWithPageContext } from '../../../test/render-app.js';

/**
 * The messages feature with the server faked at fetch: a signed-in, verified student with a
 * stored token, and a small in-memory messages API that keeps what is sent and marked read, so a
 * list fetched again shows the change as the real server would.
 */
const HOUR_MS = 60 * 60 * 1000;
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();

export const LAKESHORE_APPLICATION = 11;
export const PACIFIC_CREST_APPLICATION = 12;

/** Priya's messages as the seed has them, newest first: one unread, one read, one she sent. */
export const unreadMessage: TMessage = {
  id: 101,
  from: 'Lakeshore State University Admissions',
  to: 'Priya Sharma',
  subject: 'Bank statement needed for your I-20',
  content:
    'Thank you for your application. To issue your I-20 we need a bank statement from the last three months showing funds for your first year. Please upload it from your application page.',
  isRead: false,
  createdAt: hoursAgo(2 * 24),
  direction: 'inbound',
  applicationId: LAKESHORE_APPLICATION,
  replyTo: null,
};
export const readMessage: TMessage = {
  id: 102,
  from: 'Pacific Crest College International Office',
  to: 'Priya Sharma',
  subject: 'Congratulations on your admission',
  content: 'We are delighted to offer you admission to the M.S. Computer Science program.',
  isRead: true,
  createdAt: hoursAgo(20 * 24),
  direction: 'inbound',
  applicationId: PACIFIC_CREST_APPLICATION,
  replyTo: null,
};
export const sentMessage: TMessage = {
  id: 103,
  from: 'Priya Sharma',
  to: 'Graduate Admissions Office',
  subject: 'Question about transcript format',
  content: 'Should I upload my transcript as one PDF or one file per semester?',
  isRead: true,
  createdAt: hoursAgo(30 * 24),
  direction: 'outbound',
  applicationId: LAKESHORE_APPLICATION,
  replyTo: null,
};
export const SEEDED_MESSAGES = [unreadMessage, readMessage, sentMessage];

function fakeMessagesApi(initial: TMessage[], lastBody: () => string | null | undefined) {
  let messages = [...initial];
  let nextId = 500;
  const api: Record<string, Answer> = {
    'GET /api/messages': () => json(messages),
    'POST /api/messages': () => {
      const body = JSON.parse(lastBody() ?? '{}') as TSendMessageRequest;
      const stored: TMessage = {
        id: nextId++,
        from: 'Priya Sharma',
        to: body.to,
        subject: body.subject,
        content: body.content,
        isRead: true,
        createdAt: new Date().toISOString(),
        direction: 'outbound',
        applicationId: body.applicationId ?? null,
        replyTo: null,
      };
      messages = [stored, ...messages];
      return json(stored, 201);
    },
  };
  for (const { id } of initial) {
    api[`PATCH /api/messages/${id}/read`] = () => {
      messages = messages.map((m) => (m.id === id ? { ...m, isRead: true } : m));
      return json(messages.find((m) => m.id === id));
    };
  }
  return api;
}

function installMessagesApi(messages: TMessage[], api: Record<string, Answer>) {
  sessionStorage.setItem('jwt_token', 'stored-token');
  let sent: SentRequest[] = [];
  const fake = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    'GET /api/user/profile': json(signedInStudent()),
    // The fake API stores what was posted: the last request the fake fetch recorded.
    ...fakeMessagesApi(messages, () => sent.at(-1)?.body),
    ...api,
  });
  sent = fake.sent;
  return fake;
}

interface Options {
  messages?: TMessage[];
  api?: Record<string, Answer>;
}

/** /messages through the real app routes and guard. */
export function renderMessagesPage({ messages = SEEDED_MESSAGES, api = {} }: Options = {}) {
  const fake = installMessagesApi(messages, api);
  const router = renderApp('/messages');
  return { ...fake, router, user: userEvent.setup() };
}

/** A component of the feature on its own, with the session and query cache a page gives it. */
export function renderWithSession(
  ui: ReactNode,
  { messages = SEEDED_MESSAGES, api = {} }: Options = {},
) {
  const fake = installMessagesApi(messages, api);
  renderWithPageContext(ui);
  return { ...fake, user: userEvent.setup() };
}
