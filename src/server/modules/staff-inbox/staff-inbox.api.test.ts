import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import {
  MESSAGE_ERRORS,
  MESSAGE_LIMITS,
  UNIVERSITY_OFFICES,
  ZMessageListResponseSchema,
  ZMessageSchema,
  type TUniversityOffice,
} from '../../../shared/messages.js';
import {
  STAFF_INBOX_ERRORS,
  ZStaffConversationSchema,
  ZStaffInboxResponseSchema,
  type TStaffInboxResponse,
} from '../../../shared/staff-inbox.js';
import type { TStaffRole } from '../../../shared/staff.js';
import { messages, students } from '../../db/schema.js';
import { auditLogMark } from '../../test/audit-log-mark.js';
import { dataSnapshot } from '../../test/data-snapshot.js';
import { seededStudentId } from '../../test/seeded-students.js';
import { bearer } from '../../test/sign-in.js';
import { signInAsEveryRole, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { sendMessage } from '../messages/send-message.js';
import { STUDENT_NOT_FOUND } from '../staff-auth/students-in-scope.js';

describe.each(testDatabaseKinds())('the staff inbox ($name)', (kind) => {
  let t: TestApp;
  let as: Record<TStaffRole, StaffSignedIn>;
  /** The demo agency's student at the school requiring MOI: every role sees her. */
  let priya: string;
  /** Another agency's student at the same school: the school officer sees him, the agent not. */
  let tunde: string;
  /** Another agency's student at another school: only administrators see him. */
  let kwame: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    as = await signInAsEveryRole(t.app);
    priya = await seededStudentId(t.app, 'Priya');
    tunde = await seededStudentId(t.app, 'Tunde');
    kwame = await seededStudentId(t.app, 'Kwame');
  });
  afterAll(() => t.close());

  /** A message the student sends from /messages, through the student side's own action. */
  const studentWrites = async (studentId: string, to: TUniversityOffice, subject: string) => {
    const [student] = await t.app.db
      .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
      .from(students)
      .where(eq(students.id, studentId));
    if (!student) throw new Error(`no student ${studentId}`);
    const sent = await sendMessage(t.app.db, student, { to, subject, content: `${subject}?` });
    if (!sent) throw new Error('the message was not sent');
    return sent;
  };

  const inboxPage = (role: TStaffRole, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `${STAFF_API_PATHS.staffInbox}${query}`,
      headers: as[role].headers,
    });
  /** Every conversation the role's inbox holds, page after page. */
  const wholeInbox = async (role: TStaffRole, limit = 100) => {
    const pages: TStaffInboxResponse[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await inboxPage(role, query);
      expect(res.statusCode, res.body).toBe(200);
      const page = ZStaffInboxResponseSchema.parse(res.json());
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor);
    return {
      items: pages.flatMap((page) => page.items),
      unreadCount: pages.at(-1)?.unreadCount ?? 0,
    };
  };
  const messageUrl = (path: string, studentId: string, messageId: number | string) =>
    apiPath(path, { id: studentId, messageId });
  const conversation = async (role: TStaffRole, studentId: string, messageId: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: messageUrl(STAFF_API_PATHS.staffStudentMessage, studentId, messageId),
      headers: as[role].headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZStaffConversationSchema.parse(res.json());
  };
  const markRead = (role: TStaffRole, studentId: string, messageId: number | string) =>
    t.app.inject({
      method: 'PUT',
      url: messageUrl(STAFF_API_PATHS.staffStudentMessageRead, studentId, messageId),
      headers: as[role].headers,
    });
  const reply = (
    role: TStaffRole,
    studentId: string,
    messageId: number | string,
    payload: Record<string, unknown>,
  ) =>
    t.app.inject({
      method: 'POST',
      url: messageUrl(STAFF_API_PATHS.staffStudentMessageReplies, studentId, messageId),
      headers: as[role].headers,
      payload,
    });
  const officeReadAt = async (id: number) => {
    const [row] = await t.app.db
      .select({ at: messages.officeReadAt })
      .from(messages)
      .where(eq(messages.id, id));
    return row?.at ?? null;
  };
  /** What the student reads at /messages, with a session of their own. */
  const studentInbox = async (studentId: string) => {
    const token = await t.app.sessionTokens.issue(studentId, 'student');
    const res = await t.app.inject({
      method: 'GET',
      url: API_PATHS.messages,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZMessageListResponseSchema.parse(res.json());
  };

  describe('the list', () => {
    it("holds each role's students' messages only, unread first, then the newest first", async () => {
      const fromPriya = await studentWrites(priya, 'Admissions Office', 'Bank letter');
      const fromTunde = await studentWrites(tunde, 'Financial Aid Office', 'Scholarship');
      const fromKwame = await studentWrites(kwame, "Registrar's Office", 'Transcript');
      const seen = {
        admin: await wholeInbox('admin'),
        agent: await wholeInbox('agent'),
        school: await wholeInbox('school'),
      };
      const has = (role: TStaffRole, id: number) =>
        seen[role].items.some((item) => item.messageId === id);
      expect([
        has('admin', fromPriya.id),
        has('admin', fromTunde.id),
        has('admin', fromKwame.id),
      ]).toEqual([true, true, true]);
      expect([
        has('agent', fromPriya.id),
        has('agent', fromTunde.id),
        has('agent', fromKwame.id),
      ]).toEqual([true, false, false]);
      expect([
        has('school', fromPriya.id),
        has('school', fromTunde.id),
        has('school', fromKwame.id),
      ]).toEqual([true, true, false]);

      const item = seen.agent.items.find((i) => i.messageId === fromPriya.id);
      expect(item).toEqual({
        messageId: fromPriya.id,
        studentId: priya,
        studentName: 'Priya Sharma',
        office: 'Admissions Office',
        subject: 'Bank letter',
        preview: 'Bank letter?',
        createdAt: fromPriya.createdAt,
        officeReadAt: null,
        application: null,
        replyCount: 0,
        lastReplyAt: null,
      });
      // The seed's message of Priya's is about her Lakeshore application.
      const seeded = seen.agent.items.find((i) => i.subject === 'Question about transcript format');
      expect(seeded?.application).toMatchObject({ university: 'Lakeshore State University' });

      for (const role of ['admin', 'agent', 'school'] as const) {
        const { items, unreadCount } = seen[role];
        // Unread first, then the newest first, then the higher id: the inbox's own order.
        const keys = items.map((i) => ({
          unread: i.officeReadAt === null,
          at: i.createdAt,
          id: i.messageId,
        }));
        const sorted = [...keys].sort(
          (a, b) => Number(b.unread) - Number(a.unread) || b.at.localeCompare(a.at) || b.id - a.id,
        );
        expect(keys, role).toEqual(sorted);
        expect(unreadCount, role).toBe(items.filter((i) => i.officeReadAt === null).length);
      }
    });

    it('walks page by page to the same conversations, each once, as one long page', async () => {
      await studentWrites(priya, 'Admissions Office', 'Page one');
      await studentWrites(priya, 'Admissions Office', 'Page two');
      const whole = await wholeInbox('agent');
      const paged = await wholeInbox('agent', 1);
      expect(paged.items.map((i) => i.messageId)).toEqual(whole.items.map((i) => i.messageId));
      expect(paged.items.length).toBeGreaterThanOrEqual(3);
    });

    it.each([
      ['a forged cursor', '?cursor=bm90LWEtY3Vyc29y', STAFF_INBOX_ERRORS.badCursor],
      ['a limit of 0', '?limit=0', 'limit'],
      ['a limit past 100', '?limit=101', 'limit'],
      ['an unknown filter', '?office=Admissions', 'office'],
    ])('refuses %s with 400 and says why', async (_name, query, expected) => {
      const res = await inboxPage('admin', query);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(expected);
    });
  });

  describe('a conversation', () => {
    it('shows the whole message, and the offices each role may reply as', async () => {
      const sent = await studentWrites(priya, 'International Student Office', 'OPT dates');
      const asAgent = await conversation('agent', priya, sent.id);
      expect(asAgent).toMatchObject({
        messageId: sent.id,
        content: 'OPT dates?',
        replies: [],
        replyOffices: ['International Student Office'],
      });
      expect((await conversation('admin', priya, sent.id)).replyOffices).toEqual([
        'International Student Office',
      ]);
      const asOfficer = await conversation('school', priya, sent.id);
      expect(asOfficer.replyOffices[0]).toBe('International Student Office');
      expect([...asOfficer.replyOffices].sort()).toEqual([...UNIVERSITY_OFFICES].sort());
      expect(await officeReadAt(sent.id)).toBeNull();
    });

    it('is a 404 outside the scope, for an office’s message and for another student’s', async () => {
      const kwames = await studentWrites(kwame, 'Admissions Office', 'Hidden');
      const tundes = await studentWrites(tunde, 'Admissions Office', 'Also hidden');
      const get = (role: TStaffRole, studentId: string, id: number | string) =>
        t.app.inject({
          method: 'GET',
          url: messageUrl(STAFF_API_PATHS.staffStudentMessage, studentId, id),
          headers: as[role].headers,
        });
      const outside = await get('agent', tunde, tundes.id);
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({ message: STUDENT_NOT_FOUND });
      expect((await get('school', kwame, kwames.id)).statusCode).toBe(404);

      const [officeMessage] = await t.app.db
        .select({ id: messages.id })
        .from(messages)
        .where(sql`${messages.studentId} = ${priya} and ${messages.direction} = 'inbound'`);
      for (const id of [officeMessage?.id ?? 0, kwames.id]) {
        const res = await get('admin', priya, id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: STAFF_INBOX_ERRORS.messageNotFound });
      }
      const bad = await get('admin', priya, 'abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/^messageId: /);
    });
  });

  describe('marking read', () => {
    it('marks it read for every office, audited once; again answers the first time', async () => {
      const sent = await studentWrites(priya, 'Admissions Office', 'Read me');
      const unreadBefore = (await wholeInbox('agent')).unreadCount;
      const mark = await auditLogMark(t.app);
      const first = await markRead('agent', priya, sent.id);
      expect(first.statusCode, first.body).toBe(200);
      const { officeReadAt: at } = first.json<{ officeReadAt: string }>();
      expect((await officeReadAt(sent.id))?.toISOString()).toBe(at);

      const again = await markRead('school', priya, sent.id);
      expect(again.json()).toEqual({ officeReadAt: at });
      expect(
        (await mark()).map((r) => [r.action, r.actor, r.staffId, r.studentId, r.details]),
      ).toEqual([
        ['messages.mark-read', 'staff', as.agent.staff.id, priya, { messageIds: [sent.id] }],
      ]);
      const after = await wholeInbox('agent');
      expect(after.unreadCount).toBe(unreadBefore - 1);
      expect(after.items.find((i) => i.messageId === sent.id)?.officeReadAt).toBe(at);
    });

    it('is a 404 outside the scope and for a message the student did not send, changing nothing', async () => {
      const tundes = await studentWrites(tunde, 'Admissions Office', 'Not yours');
      const before = await dataSnapshot(t.app);
      const outside = await markRead('agent', tunde, tundes.id);
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({ message: STUDENT_NOT_FOUND });
      const foreign = await markRead('admin', priya, tundes.id);
      expect(foreign.json()).toEqual({ message: STAFF_INBOX_ERRORS.messageNotFound });
      expect(await dataSnapshot(t.app)).toEqual(before);
    });
  });

  describe('replying', () => {
    it('posts the office’s reply, which the student reads threaded under their message', async () => {
      const sent = await studentWrites(priya, 'Admissions Office', 'Bank statement');
      const mark = await auditLogMark(t.app);
      const res = await reply('agent', priya, sent.id, {
        content: '  We received your bank statement. \n',
      });
      expect(res.statusCode, res.body).toBe(201);
      const posted = ZMessageSchema.parse(res.json());
      expect(posted).toMatchObject({
        from: 'Admissions Office',
        to: 'Priya Sharma',
        subject: 'Re: Bank statement',
        content: 'We received your bank statement.',
        isRead: false,
        direction: 'inbound',
        applicationId: null,
        replyTo: sent.id,
      });
      expect(await officeReadAt(sent.id)).not.toBeNull();
      expect((await mark()).map((r) => [r.action, r.staffId, r.studentId, r.details])).toEqual([
        [
          'message.reply',
          as.agent.staff.id,
          priya,
          {
            messageId: posted.id,
            inReplyTo: sent.id,
            from: 'Admissions Office',
            applicationId: null,
          },
        ],
      ]);

      const thread = await conversation('school', priya, sent.id);
      expect(thread.replies).toEqual([
        {
          id: posted.id,
          from: 'Admissions Office',
          subject: 'Re: Bank statement',
          content: 'We received your bank statement.',
          createdAt: posted.createdAt,
          readByStudent: false,
        },
      ]);
      const listed = (await wholeInbox('admin')).items.find((i) => i.messageId === sent.id);
      expect(listed).toMatchObject({ replyCount: 1, lastReplyAt: posted.createdAt });
      const seenByStudent = await studentInbox(priya);
      expect(seenByStudent.find((m) => m.id === posted.id)).toEqual(posted);
      expect(seenByStudent.find((m) => m.id === sent.id)?.replyTo).toBeNull();
    });

    it('keeps the application the message is about, and a school officer may answer as another office', async () => {
      const [seeded] = await t.app.db
        .select({ id: messages.id, applicationId: messages.applicationId })
        .from(messages)
        .where(
          sql`${messages.studentId} = ${priya} and ${messages.direction} = 'outbound' and ${messages.applicationId} is not null`,
        );
      if (!seeded) throw new Error('the seed has a message of Priya’s about an application');
      const res = await reply('school', priya, seeded.id, {
        content: 'One PDF, please.',
        from: 'Financial Aid Office',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        from: 'Financial Aid Office',
        applicationId: seeded.applicationId,
        replyTo: seeded.id,
      });
    });

    it.each([
      [
        'an agent naming another office',
        'agent',
        { content: 'Hi', from: 'Financial Aid Office' },
        STAFF_INBOX_ERRORS.officeRefused,
      ],
      [
        'an office that is not the school’s',
        'school',
        { content: 'Hi', from: 'Dean of Students' },
        STAFF_INBOX_ERRORS.officeRefused,
      ],
      ['an empty reply', 'admin', { content: '  \n ' }, MESSAGE_ERRORS.emptyContent],
      ['no text', 'admin', {}, MESSAGE_ERRORS.emptyContent],
      [
        'too long a reply',
        'admin',
        { content: 'a'.repeat(MESSAGE_LIMITS.content + 1) },
        MESSAGE_ERRORS.contentTooLong,
      ],
      ['an unknown field', 'admin', { content: 'Hi', subject: 'Mine' }, 'subject'],
    ] as const)(
      'refuses %s with 400 and says why, storing nothing',
      async (_name, role, payload, expected) => {
        const sent = await studentWrites(priya, 'Admissions Office', 'Refused');
        const before = await dataSnapshot(t.app);
        const res = await reply(role, priya, sent.id, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json<{ message: string }>().message).toContain(expected);
        expect(await dataSnapshot(t.app)).toEqual(before);
      },
    );

    it('is a 404 outside the scope and for an office’s message, storing nothing', async () => {
      const tundes = await studentWrites(tunde, 'Admissions Office', 'Out of scope');
      const before = await dataSnapshot(t.app);
      const outside = await reply('agent', tunde, tundes.id, { content: 'Hi' });
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({ message: STUDENT_NOT_FOUND });
      const [officeMessage] = await t.app.db
        .select({ id: messages.id })
        .from(messages)
        .where(sql`${messages.studentId} = ${priya} and ${messages.direction} = 'inbound'`);
      const toOffice = await reply('admin', priya, officeMessage?.id ?? 0, { content: 'Hi' });
      expect(toOffice.statusCode).toBe(404);
      expect(toOffice.json()).toEqual({ message: STAFF_INBOX_ERRORS.messageNotFound });
      expect(await dataSnapshot(t.app)).toEqual(before);
    });

    it('writes neither the reply nor the read state when its audit row cannot be written', async () => {
      const sent = await studentWrites(priya, 'Admissions Office', 'All or nothing');
      const before = await dataSnapshot(t.app);
      // The log refuses this action for a moment: the reply's transaction must fail whole.
      await t.app.db.execute(
        sql`alter table audit_events add constraint refuse_replies check (action <> 'message.reply') not valid`,
      );
      try {
        const res = await reply('admin', priya, sent.id, { content: 'Lost' });
        expect(res.statusCode).toBe(500);
      } finally {
        await t.app.db.execute(sql`alter table audit_events drop constraint refuse_replies`);
      }
      expect(await dataSnapshot(t.app)).toEqual(before);
      expect(await officeReadAt(sent.id)).toBeNull();
    });
  });
});
