import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { NOTIFICATION_CATEGORY_LABELS } from '../../../shared/notifications.js';
import type { Database } from '../../db/client.js';
import { staff, students } from '../../db/schema.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { writePreferences } from './notification-preferences.js';
import { renderUnsubscribePage } from './unsubscribe-page.js';
import {
  isUnsubscribable,
  readUnsubscribeToken,
  UNSUBSCRIBE_PAGE_PATH,
  type UnsubscribeTarget,
} from './unsubscribe-link.js';

const ZQuerySchema = z.object({ token: z.string().max(200).default('') });

const BROKEN_LINK = {
  title: 'This link does not work',
  lines: [
    'The link is incomplete or was changed. Open it from the e-mail as it is, or sign in and turn e-mails off under Notifications.',
  ],
};

/**
 * Turns the link's category off, once the person still exists (a deleted one is sent nothing
 * anyway). A staff member's change is audited as theirs, from the address the link was used at.
 */
async function turnOff(db: Database, target: UnsubscribeTarget, address: string): Promise<void> {
  const { recipient, category } = target;
  await db.transaction(async (tx) => {
    const [person] =
      'studentId' in recipient
        ? await tx
            .select({ id: students.id })
            .from(students)
            .where(eq(students.id, recipient.studentId))
        : await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, recipient.staffId));
    if (!person) return;
    const preferences = [{ category, channel: 'email' as const, enabled: false }];
    await writePreferences(tx, recipient, preferences);
    if ('staffId' in recipient)
      await recordAuditEvent(
        tx,
        { actor: 'staff', staffId: recipient.staffId, address },
        { action: 'notification.preferences', details: { preferences, by: 'unsubscribe link' } },
      );
  });
}

const whereToTurnBackOn = ({ recipient }: UnsubscribeTarget) =>
  'studentId' in recipient
    ? 'To turn them back on, sign in and open Notifications in your profile.'
    : 'To turn them back on, sign in to the staff console and open Notifications.';

/**
 * An e-mail's one-click unsubscribe (RFC 8058), without a session: the link's signed token says
 * whose e-mail and which category. GET asks (a link scanner that follows it turns nothing off);
 * POST turns it off, from the page's button or from the mail client's own unsubscribe.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mail clients post `List-Unsubscribe=One-Click` urlencoded; only this plugin reads that type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => {
      done(null, {});
    },
  );

  const send = (reply: FastifyReply, status: number, content: Parameters<typeof renderPage>[0]) => {
    const page = renderPage(content);
    return reply
      .status(status)
      .header('content-security-policy', page.policy)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(page.html);
  };
  const renderPage = (content: { title: string; lines: string[]; confirm?: string }) =>
    renderUnsubscribePage(app.config.branding, content);

  const targetOf = (token: string) => {
    const target = readUnsubscribeToken(app.dataKeys.linkKey, token);
    return target && isUnsubscribable(target) ? target : null;
  };

  app.get(
    UNSUBSCRIBE_PAGE_PATH,
    { schema: { hide: true, querystring: ZQuerySchema } },
    async (request, reply) => {
      const target = targetOf(request.query.token);
      if (!target) return send(reply, 400, BROKEN_LINK);
      return send(reply, 200, {
        title: 'Turn off these e-mails?',
        lines: [
          `You will no longer get e-mails about: ${NOTIFICATION_CATEGORY_LABELS[target.category]}.`,
          'Security notices are always sent.',
        ],
        confirm: 'Turn them off',
      });
    },
  );

  app.post(
    UNSUBSCRIBE_PAGE_PATH,
    { schema: { hide: true, querystring: ZQuerySchema } },
    async (request, reply) => {
      const target = targetOf(request.query.token);
      if (!target) return send(reply, 400, BROKEN_LINK);
      await turnOff(app.db, target, request.ip);
      return send(reply, 200, {
        title: 'E-mails turned off',
        lines: [
          `You will no longer get e-mails about: ${NOTIFICATION_CATEGORY_LABELS[target.category]}.`,
          whereToTurnBackOn(target),
        ],
      });
    },
  );
};
