import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import { STAFF_API_PATHS } from '../../../shared/staff-api-paths.js';
import { PUSH_SUBSCRIPTION_MESSAGES } from '../../../shared/push-subscriptions.js';
import {
  auditEvents,
  messages,
  notificationOptOuts,
  notifications,
  pushSubscriptions,
} from '../../db/schema.js';
import { type FakePushService, startFakePushService } from '../../test/fake-push-service.js';
import { seededStudentId } from '../../test/seeded-students.js';
import { bearer } from '../../test/sign-in.js';
import { type SmtpReceiver, startSmtpReceiver } from '../../test/smtp-receiver.js';
import { signInAsStaff, type StaffSignedIn } from '../../test/staff-sign-in.js';
import { startTestApp, TEST_VAPID_KEYS, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { startTestNotificationQueue } from '../../test/test-notification-queue.js';
import type { NotificationQueue } from './notification-queue.js';

describe.each(testDatabaseKinds())('web push on $name', (kind) => {
  let t: TestApp;
  let push: FakePushService;
  let smtp: SmtpReceiver;
  let queue: NotificationQueue;
  let priya: { id: string; headers: Record<string, string> };
  let tunde: { id: string; headers: Record<string, string> };

  const studentOf = async (firstName: string) => {
    const id = await seededStudentId(t.app, firstName);
    return { id, headers: bearer(await t.app.sessionTokens.issue(id, 'student')) };
  };
  const subscribe = (
    headers: Record<string, string>,
    url: string = API_PATHS.pushSubscriptions,
  ) => {
    const subscription = push.subscribe();
    return t.app
      .inject({ method: 'POST', url, headers, payload: subscription })
      .then((res) => ({ res, subscription }));
  };
  const subscriptionsOf = (endpoint: string) =>
    t.app.db
      .select({ studentId: pushSubscriptions.studentId, staffId: pushSubscriptions.staffId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
  /** Priya's one browser with push on, from now on. */
  const subscribePriyaAlone = async () => {
    await t.app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.studentId, priya.id));
    return subscribe(priya.headers);
  };
  /** A staff member replies to the message Priya wrote (the seed's): a "message.reply". */
  const replyToPriya = async () => {
    const agent = await signInAsStaff(t.app, 'agent');
    const [asked] = await t.app.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.studentId, priya.id), eq(messages.direction, 'outbound')));
    const res = await t.app.inject({
      method: 'POST',
      url: apiPath(STAFF_API_PATHS.staffStudentMessageReplies, {
        id: priya.id,
        messageId: asked?.id ?? 0,
      }),
      headers: agent.headers,
      payload: { content: 'Yes, one PDF is best.' },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const latestPush = async (template: string) => {
    const [row] = await t.app.db
      .select({ id: notifications.id, state: notifications.state, staffId: notifications.staffId })
      .from(notifications)
      .where(and(eq(notifications.channel, 'push'), eq(notifications.template, template)))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    return row;
  };
  /** Waits until the queue settled a notification (sent, skipped or failed). */
  const settled = async (id: string) => {
    for (let i = 0; i < 200; i += 1) {
      const [row] = await t.app.db
        .select({ state: notifications.state })
        .from(notifications)
        .where(eq(notifications.id, id));
      if (row && row.state !== 'queued' && row.state !== 'enqueued') return row.state;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`notification ${id} was not settled`);
  };

  beforeAll(async () => {
    push = await startFakePushService();
    smtp = await startSmtpReceiver();
    t = await startTestApp(kind);
    queue = await startTestNotificationQueue(t.app, smtp.url, { retryLimit: 1, retryDelay: 1 });
    priya = await studentOf('Priya');
    tunde = await studentOf('Tunde');
  });
  afterAll(async () => {
    await queue.stop();
    await t.close();
    await Promise.all([smtp.close(), push.close()]);
  });

  describe('subscriptions', () => {
    it("keeps a student's browser, moves an endpoint to whoever subscribed last, and forgets it on DELETE", async () => {
      const { res, subscription } = await subscribe(priya.headers);
      expect(res.statusCode, res.body).toBe(204);
      expect(await subscriptionsOf(subscription.endpoint)).toEqual([
        { studentId: priya.id, staffId: null },
      ]);
      const again = await t.app.inject({
        method: 'POST',
        url: API_PATHS.pushSubscriptions,
        headers: tunde.headers,
        payload: subscription,
      });
      expect(again.statusCode).toBe(204);
      expect(await subscriptionsOf(subscription.endpoint)).toEqual([
        { studentId: tunde.id, staffId: null },
      ]);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: API_PATHS.pushSubscriptions,
        headers: tunde.headers,
        payload: { endpoint: subscription.endpoint },
      });
      expect(removed.statusCode).toBe(204);
      expect(await subscriptionsOf(subscription.endpoint)).toEqual([]);
    });

    it("does not let a student delete another's subscription", async () => {
      const { subscription } = await subscribe(priya.headers);
      const res = await t.app.inject({
        method: 'DELETE',
        url: API_PATHS.pushSubscriptions,
        headers: tunde.headers,
        payload: { endpoint: subscription.endpoint },
      });
      expect(res.statusCode).toBe(204);
      expect(await subscriptionsOf(subscription.endpoint)).toEqual([
        { studentId: priya.id, staffId: null },
      ]);
    });

    it.each([
      [
        'an endpoint not on https',
        { endpoint: 'http://push.example.com/send/1' },
        PUSH_SUBSCRIPTION_MESSAGES.endpointNotSecure,
      ],
      ['a short p256dh key', { keys: { p256dh: 'BAAA', auth: 'x'.repeat(22) } }, 'p256dh'],
      [
        'an auth secret of the wrong length',
        { keys: { p256dh: TEST_VAPID_KEYS.VAPID_PUBLIC_KEY, auth: 'abc' } },
        'auth',
      ],
      ['no keys', { keys: undefined }, 'keys'],
      ['no endpoint', { endpoint: 'not a url' }, 'endpoint'],
    ])('refuses %s with a 400 that says what is wrong', async (_what, change, message) => {
      const payload = { ...push.subscribe(), ...change };
      const res = await t.app.inject({
        method: 'POST',
        url: API_PATHS.pushSubscriptions,
        headers: priya.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    });

    it("audits a staff member's subscribing and unsubscribing", async () => {
      const officer = await signInAsStaff(t.app, 'school');
      const { res, subscription } = await subscribe(
        officer.headers,
        STAFF_API_PATHS.staffPushSubscriptions,
      );
      expect(res.statusCode, res.body).toBe(204);
      expect(await subscriptionsOf(subscription.endpoint)).toEqual([
        { studentId: null, staffId: officer.staff.id },
      ]);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: STAFF_API_PATHS.staffPushSubscriptions,
        headers: officer.headers,
        payload: { endpoint: subscription.endpoint },
      });
      expect(removed.statusCode).toBe(204);
      const audited = await t.app.db
        .select({ action: auditEvents.action, details: auditEvents.details })
        .from(auditEvents)
        .where(eq(auditEvents.staffId, officer.staff.id))
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(2);
      const host = new URL(subscription.endpoint).host;
      expect(audited).toEqual([
        { action: 'push-subscription.remove', details: { pushService: host } },
        { action: 'push-subscription.add', details: { pushService: host } },
      ]);
    });
  });

  describe('delivery', () => {
    it("pushes a staff reply to the student's browser, encrypted for it and signed with VAPID, beside the e-mail", async () => {
      const { subscription } = await subscribePriyaAlone();
      const pushedBefore = push.received.length;
      const mailedBefore = smtp.received.length;
      await replyToPriya();
      await queue.relay();
      const [received] = (await push.waitFor(pushedBefore + 1)).slice(pushedBefore);
      expect(received).toMatchObject({
        endpoint: subscription.endpoint,
        payload: { title: 'Graduate Admissions Office replied to your message', path: '/messages' },
        ttl: '86400',
        urgency: 'normal',
        vapid: {
          aud: new URL(subscription.endpoint).origin,
          sub: 'mailto:no-reply@localhost',
          publicKey: TEST_VAPID_KEYS.VAPID_PUBLIC_KEY,
        },
      });
      expect(Object.keys(received?.payload ?? {})).toEqual(['title', 'path']);
      await smtp.waitFor(mailedBefore + 1);
      // The push service has it a moment before the worker marks its row.
      expect(await settled((await latestPush('message.reply'))?.id ?? '')).toBe('sent');
    });

    it('deletes a subscription the push service says is gone (410), and skips the push', async () => {
      const { subscription } = await subscribePriyaAlone();
      push.answer(subscription.endpoint, 410);
      await replyToPriya();
      await queue.relay();
      const row = await latestPush('message.reply');
      expect(await settled(row?.id ?? '')).toBe('skipped');
      expect(await subscriptionsOf(subscription.endpoint)).toEqual([]);
    });

    it('writes no push for a student without a subscription, and skips one whose category they turned off', async () => {
      await t.app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.studentId, priya.id));
      const before = await latestPush('message.reply');
      await replyToPriya();
      expect((await latestPush('message.reply'))?.id).toBe(before?.id);

      await subscribe(priya.headers);
      await t.app.db
        .insert(notificationOptOuts)
        .values({ studentId: priya.id, category: 'messages', channel: 'push' });
      const pushedBefore = push.received.length;
      await replyToPriya();
      await queue.relay();
      const row = await latestPush('message.reply');
      expect(row?.id).not.toBe(before?.id);
      expect(await settled(row?.id ?? '')).toBe('skipped');
      expect(push.received.length).toBe(pushedBefore);
      await t.app.db.delete(notificationOptOuts).where(eq(notificationOptOuts.studentId, priya.id));
    });

    it('pushes "a student wrote" to the staff who see the student and turned push on, no one else', async () => {
      const staff: Record<'admin' | 'agent' | 'school', StaffSignedIn> = {
        admin: await signInAsStaff(t.app, 'admin'),
        agent: await signInAsStaff(t.app, 'agent'),
        school: await signInAsStaff(t.app, 'school'),
      };
      for (const role of ['admin', 'agent', 'school'] as const) {
        await t.app.db
          .delete(pushSubscriptions)
          .where(eq(pushSubscriptions.staffId, staff[role].staff.id));
        const { res } = await subscribe(
          staff[role].headers,
          STAFF_API_PATHS.staffPushSubscriptions,
        );
        expect(res.statusCode).toBe(204);
      }
      const pushedBefore = push.received.length;
      // Tunde is the other agency's student at the officer's school: the demo agent does not see him.
      const sent = await t.app.inject({
        method: 'POST',
        url: API_PATHS.messages,
        headers: tunde.headers,
        payload: { to: 'Admissions Office', subject: 'My visa', content: 'When is my interview?' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const messageId = sent.json<{ id: number }>().id;
      const written = await t.app.db
        .select({ staffId: notifications.staffId, params: notifications.params })
        .from(notifications)
        .where(eq(notifications.template, 'staff.student-wrote'));
      expect(written.map((w) => w.staffId).sort()).toEqual(
        [staff.admin.staff.id, staff.school.staff.id].sort(),
      );
      await queue.relay();
      const pushed = (await push.waitFor(pushedBefore + 2)).slice(pushedBefore);
      expect(pushed.map((p) => p.payload)).toEqual([
        {
          title: 'Tunde Adebayo wrote a message',
          path: `/staff/inbox/${tunde.id}/${messageId}`,
        },
        {
          title: 'Tunde Adebayo wrote a message',
          path: `/staff/inbox/${tunde.id}/${messageId}`,
        },
      ]);
    });
  });
});
