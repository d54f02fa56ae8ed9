import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type TLanguage } from '../../../shared/languages.js';
import { NOTIFICATION_CATEGORY_MESSAGES } from '../../../shared/notifications.js';
import type { Database } from '../../db/client.js';
import { staff, students } from '../../db/schema.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { englishI18n, type NotificationI18n, writeInLanguageOf } from './notification-catalogue.js';
import { writePreferences } from './notification-preferences.js';
import { renderUnsubscribePage, type UnsubscribePageContent } from './unsubscribe-page.js';
import {
  isUnsubscribable,
  readUnsubscribeToken,
  UNSUBSCRIBE_PAGE_PATH,
  type UnsubscribeTarget,
} from './unsubscribe-link.js';

const ZQuerySchema = z.object({ token: z.string().max(200).default('') });

// Whose link it was is not known: English.
const BROKEN_LINK: UnsubscribePageContent = {
  language: DEFAULT_LANGUAGE,
  title: englishI18n._({
    id: 'notification.unsubscribe.broken.title',
    message: 'This link does not work',
  }),
  lines: [
    englishI18n._({
      id: 'notification.unsubscribe.broken.body',
      message:
        'The link is incomplete or was changed. Open it from the e-mail as it is, or sign in and turn e-mails off under Notifications.',
    }),
  ],
};

/** The language the link's person reads: a student's own; staff (and someone gone) English. */
async function readerLanguage(db: Database, { recipient }: UnsubscribeTarget): Promise<TLanguage> {
  if (!('studentId' in recipient)) return DEFAULT_LANGUAGE;
  const [student] = await db
    .select({ language: students.language })
    .from(students)
    .where(eq(students.id, recipient.studentId));
  return student?.language ?? DEFAULT_LANGUAGE;
}

const noLongerLine = ({ category }: UnsubscribeTarget, i18n: NotificationI18n) =>
  i18n._({
    id: 'notification.unsubscribe.no-longer',
    message: 'You will no longer get e-mails about: {category}.',
    values: { category: i18n._(NOTIFICATION_CATEGORY_MESSAGES[category]) },
  });

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

const whereToTurnBackOn = ({ recipient }: UnsubscribeTarget, i18n: NotificationI18n) =>
  'studentId' in recipient
    ? i18n._({
        id: 'notification.unsubscribe.back-on',
        message: 'To turn them back on, sign in and open Notifications in your profile.',
      })
    : i18n._({
        id: 'notification.unsubscribe.back-on-staff',
        message: 'To turn them back on, sign in to the staff console and open Notifications.',
      });

/** A page's texts for the link's person, in their language (notification-catalogue.ts). */
async function pageFor(
  db: Database,
  target: UnsubscribeTarget,
  write: (i18n: NotificationI18n) => Omit<UnsubscribePageContent, 'language'>,
): Promise<UnsubscribePageContent> {
  const { language, texts } = writeInLanguageOf(await readerLanguage(db, target), write);
  return { language, ...texts };
}

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

  const send = (reply: FastifyReply, status: number, content: UnsubscribePageContent) => {
    const page = renderUnsubscribePage(app.config.branding, content);
    return reply
      .status(status)
      .header('content-security-policy', page.policy)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(page.html);
  };
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
      const page = await pageFor(app.db, target, (i18n) => ({
        title: i18n._({
          id: 'notification.unsubscribe.ask.title',
          message: 'Turn off these e-mails?',
        }),
        lines: [
          noLongerLine(target, i18n),
          i18n._({
            id: 'notification.unsubscribe.ask.security',
            message: 'Security notices are always sent.',
          }),
        ],
        confirm: i18n._({ id: 'notification.unsubscribe.ask.confirm', message: 'Turn them off' }),
      }));
      return send(reply, 200, page);
    },
  );

  app.post(
    UNSUBSCRIBE_PAGE_PATH,
    { schema: { hide: true, querystring: ZQuerySchema } },
    async (request, reply) => {
      const target = targetOf(request.query.token);
      if (!target) return send(reply, 400, BROKEN_LINK);
      await turnOff(app.db, target, request.ip);
      const page = await pageFor(app.db, target, (i18n) => ({
        title: i18n._({ id: 'notification.unsubscribe.done.title', message: 'E-mails turned off' }),
        lines: [noLongerLine(target, i18n), whereToTurnBackOn(target, i18n)],
      }));
      return send(reply, 200, page);
    },
  );
};
