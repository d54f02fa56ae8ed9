import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import {
  APPLICATION_NOT_FOUND,
  ZApplicationListResponseSchema,
} from '../../../shared/applications.js';
import {
  MESSAGE_ERRORS,
  MESSAGE_LIMITS,
  type TMessage,
  ZMessageListResponseSchema,
  ZMessageSchema,
} from '../../../shared/messages.js';
import { messages, students } from '../../db/schema.js';
import { onboardingTokenFor } from '../../test/onboarding-token.js';
import { bearer, type SignedIn, signIn } from '../../test/sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { NOT_VERIFIED, UNAUTHORIZED_MESSAGE } from '../auth/authenticate.js';
import { MESSAGES_SENT_PER_STUDENT } from './routes.js';

const ISO_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(testDatabaseKinds())('messages on $name', (kind) => {
  let t: TestApp;
  /** The demo-login student: three seeded messages, one unread, and three applications. */
  let priya: SignedIn;
  /** Another signed-in student, with no messages or applications of their own. */
  let lucas: SignedIn;
  let priyasApplicationIds: number[];
  let priyasUnread: TMessage;

  const list = async (who: SignedIn) => {
    const res = await t.app.inject({
      method: 'GET',
      url: API_PATHS.messages,
      headers: bearer(who.token),
    });
    expect(res.statusCode).toBe(200);
    return ZMessageListResponseSchema.parse(res.json());
  };
  const send = (token: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: API_PATHS.messages, payload, headers: bearer(token) });
  const markRead = (token: string | undefined, id: number | string) =>
    t.app.inject({
      method: 'PATCH',
      url: apiPath(API_PATHS.messageRead, { id }),
      headers: bearer(token),
    });
  const storedMessages = async () => {
    const [row] = await t.app.db.select({ n: count() }).from(messages);
    return row?.n ?? 0;
  };

  const fromMessagesPage = { to: 'Admissions Office', subject: 'Visa letter', content: 'Hello' };

  beforeAll(async () => {
    t = await startTestApp(kind);
    priya = await signIn(t.app, 'moi-required');
    lucas = await signIn(t.app, 'sevis-due');
    const res = await t.app.inject({
      method: 'GET',
      url: API_PATHS.applications,
      headers: bearer(priya.token),
    });
    priyasApplicationIds = ZApplicationListResponseSchema.parse(res.json()).map((a) => a.id);
    const unread = (await list(priya)).find((m) => !m.isRead);
    if (!unread) throw new Error('the seed has an unread message for the demo student');
    priyasUnread = unread;
  });
  afterAll(() => t.close());

  describe('the list', () => {
    it("holds the student's own messages, both directions, the newest first", async () => {
      const inbox = await list(priya);
      expect(inbox.map((m) => [m.subject, m.direction, m.isRead])).toEqual([
        ['Bank statement needed for your I-20', 'inbound', false],
        ['Congratulations on your admission', 'inbound', true],
        ['Question about transcript format', 'outbound', true],
      ]);
      expect(inbox[0]).toEqual({
        id: expect.any(Number) as unknown,
        from: 'Lakeshore State University Admissions',
        to: 'Priya Sharma',
        subject: 'Bank statement needed for your I-20',
        content: expect.stringContaining('bank statement from the last three months') as unknown,
        isRead: false,
        createdAt: expect.stringMatching(ISO_TIMESTAMP) as unknown,
        direction: 'inbound',
        applicationId: expect.any(Number) as unknown,
        replyTo: null,
      });
      expect(priyasApplicationIds).toContain(inbox[0]?.applicationId);
    });

    it('is empty for a student with no messages', async () => {
      expect(await list(lucas)).toEqual([]);
    });
  });

  describe('sending', () => {
    it('stores the messages page payload from the student to the office, trimmed', async () => {
      const res = await send(priya.token, {
        to: "Registrar's Office",
        subject: '  Transcript  ',
        content: '\n  When will my transcript be evaluated?  \t',
      });
      expect(res.statusCode).toBe(201);
      const sent = ZMessageSchema.parse(res.json());
      expect(sent).toEqual({
        id: expect.any(Number) as unknown,
        from: 'Priya Sharma',
        to: "Registrar's Office",
        subject: 'Transcript',
        content: 'When will my transcript be evaluated?',
        isRead: true,
        createdAt: expect.stringMatching(ISO_TIMESTAMP) as unknown,
        direction: 'outbound',
        applicationId: null,
        replyTo: null,
      });
      expect(Math.abs(Date.parse(sent.createdAt) - Date.now())).toBeLessThan(60_000);
      expect((await list(priya))[0]).toEqual(sent);
    });

    it("takes the detail page payload, but the sender and read state are the server's", async () => {
      const applicationId = priyasApplicationIds[0];
      const res = await send(priya.token, {
        from: 'Admissions Office',
        content: 'I have uploaded my bank statement.',
        subject: 'Bank statement',
        to: 'Admissions Office',
        isRead: false,
        applicationId,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        from: 'Priya Sharma',
        to: 'Admissions Office',
        isRead: true,
        direction: 'outbound',
        applicationId,
      });
      expect((await list(priya))[0]).toEqual(res.json());
    });

    it('accepts a message of exactly the longest length, after trimming', async () => {
      const longest = 'a'.repeat(MESSAGE_LIMITS.content);
      const res = await send(priya.token, { ...fromMessagesPage, content: `  ${longest}  ` });
      expect(res.statusCode).toBe(201);
      expect(res.json<TMessage>().content).toBe(longest);
    });

    it.each([
      ['empty text', { ...fromMessagesPage, content: '' }, MESSAGE_ERRORS.emptyContent],
      ['blank text', { ...fromMessagesPage, content: ' \n\t ' }, MESSAGE_ERRORS.emptyContent],
      ['no text', { to: 'Admissions Office', subject: 'Hi' }, MESSAGE_ERRORS.emptyContent],
      [
        'too long a text',
        { ...fromMessagesPage, content: 'a'.repeat(MESSAGE_LIMITS.content + 1) },
        MESSAGE_ERRORS.contentTooLong,
      ],
      [
        'too long a subject',
        { ...fromMessagesPage, subject: 's'.repeat(MESSAGE_LIMITS.subject + 1) },
        MESSAGE_ERRORS.subjectTooLong,
      ],
      [
        'an unknown office',
        { ...fromMessagesPage, to: 'Dean of Students' },
        MESSAGE_ERRORS.unknownOffice,
      ],
      ['no office', { subject: 'Hi', content: 'Hello' }, MESSAGE_ERRORS.unknownOffice],
      ['an unknown field', { ...fromMessagesPage, priority: 'urgent' }, 'priority'],
      ['a non-numeric application', { ...fromMessagesPage, applicationId: 'abc' }, 'applicationId'],
      ['a zero application', { ...fromMessagesPage, applicationId: 0 }, 'applicationId'],
    ])('refuses %s with 400 and says what is wrong', async (_name, payload, expected) => {
      const before = await storedMessages();
      const res = await send(priya.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(expected);
      expect(await storedMessages()).toBe(before);
    });

    it.each([
      ['a line break', 'Hi\n  #99  Eve <eve@example.com>'],
      ['a carriage return', 'Hi\rforged'],
      ['an escape sequence', 'Hi \u001b]0;title\u0007'],
      ['a C1 control', 'Hi \u009b2J'],
      ['a Unicode line separator', 'Hi\u2028there'],
    ])('refuses a subject with %s with 400, storing nothing', async (_name, subject) => {
      const before = await storedMessages();
      const res = await send(priya.token, { ...fromMessagesPage, subject });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: `subject: ${MESSAGE_ERRORS.subjectNotOneLine}` });
      expect(await storedMessages()).toBe(before);
    });

    it.each([
      ['malformed JSON', '{"to": "Admissions Office", "content": ', 'application/json', /JSON/],
      ['an empty JSON body', '', 'application/json', /empty/],
      ['a form instead of JSON', 'to=Admissions+Office&content=Hi', 'text/plain', /object/],
    ])('refuses %s with 400 and a message', async (_name, payload, contentType, expected) => {
      const res = await t.app.inject({
        method: 'POST',
        url: API_PATHS.messages,
        payload,
        headers: { ...bearer(priya.token), 'content-type': contentType },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(expected);
    });

    it("refuses another student's application and an unknown one alike, storing nothing", async () => {
      const before = await storedMessages();
      const unknownId = Math.max(...priyasApplicationIds) + 1000;
      for (const applicationId of [...priyasApplicationIds, unknownId]) {
        const res = await send(lucas.token, { ...fromMessagesPage, applicationId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: APPLICATION_NOT_FOUND });
      }
      expect(await storedMessages()).toBe(before);
      expect(await list(lucas)).toEqual([]);
    });

    it('limits how fast one student sends, with Retry-After, and not the others', async () => {
      const minhAnh = await signIn(t.app, 'all-done');
      for (let sent = 0; sent < MESSAGES_SENT_PER_STUDENT.limit; sent++) {
        expect((await send(minhAnh.token, fromMessagesPage)).statusCode).toBe(201);
      }
      const refused = await send(minhAnh.token, fromMessagesPage);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: MESSAGE_ERRORS.tooManySent });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(MESSAGES_SENT_PER_STUDENT.windowMs / 1000);
      expect(await list(minhAnh)).toHaveLength(MESSAGES_SENT_PER_STUDENT.limit);
      expect((await send(priya.token, fromMessagesPage)).statusCode).toBe(201);
    });
  });

  describe('marking read', () => {
    it("marks the student's own message read, for good, and again changes nothing", async () => {
      const first = await markRead(priya.token, priyasUnread.id);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ ...priyasUnread, isRead: true });
      expect((await list(priya)).find((m) => m.id === priyasUnread.id)?.isRead).toBe(true);
      const again = await markRead(priya.token, priyasUnread.id);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    });

    it("refuses another student's message and an unknown one alike, changing nothing", async () => {
      await t.app.db
        .update(messages)
        .set({ isRead: false })
        .where(eq(messages.id, priyasUnread.id));
      for (const id of [priyasUnread.id, priyasUnread.id + 100_000]) {
        const res = await markRead(lucas.token, id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: MESSAGE_ERRORS.notFound });
      }
      expect((await list(priya)).find((m) => m.id === priyasUnread.id)?.isRead).toBe(false);
    });

    it.each(['abc', '0', '1.5', '99999999999'])('refuses the id %j with 400', async (id) => {
      const res = await markRead(priya.token, id);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^id: /);
    });
  });

  describe.each([
    [
      'listing',
      (token?: string) =>
        t.app.inject({ method: 'GET', url: API_PATHS.messages, headers: bearer(token) }),
    ],
    ['sending', (token?: string) => send(token, fromMessagesPage)],
    ['marking read', (token?: string) => markRead(token, priyasUnread.id)],
  ])('%s', (_name, call) => {
    it('refuses without a token, with a tampered token and with an onboarding session', async () => {
      const before = await storedMessages();
      // The token's signature covers its subject: swapping in another student's id breaks it.
      const [header, payload, signature] = priya.token.split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as object;
      const swapped = Buffer.from(JSON.stringify({ ...claims, sub: lucas.id })).toString(
        'base64url',
      );
      const onboarding = await onboardingTokenFor(t.app, priya.id);
      for (const token of [undefined, `${header}.${swapped}.${signature}`, onboarding]) {
        const res = await call(token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
      }
      expect(await storedMessages()).toBe(before);
    });

    it('refuses a signed-in student whose identity verification was withdrawn', async () => {
      const unverified = eq(students.id, priya.id);
      await t.app.db.update(students).set({ faceVerified: false }).where(unverified);
      try {
        const res = await call(priya.token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: NOT_VERIFIED });
      } finally {
        await t.app.db.update(students).set({ faceVerified: true }).where(unverified);
      }
    });
  });

  it('documents the three routes in the OpenAPI document as needing a bearer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.docs });
    const doc = res.json<{
      paths: Record<string, Record<string, { security?: unknown; responses: object }>>;
    }>();
    const routes = [
      doc.paths[API_PATHS.messages]?.get,
      doc.paths[API_PATHS.messages]?.post,
      doc.paths['/api/messages/{id}/read']?.patch,
    ];
    for (const route of routes) expect(route?.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(routes[1]?.responses ?? {})).toEqual([
      '201',
      '400',
      '401',
      '403',
      '404',
      '429',
    ]);
  });
});
