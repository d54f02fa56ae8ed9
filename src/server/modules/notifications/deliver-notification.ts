import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TBranding } from '../../../shared/branding.js';
import { DEFAULT_LANGUAGE, type TLanguage } from '../../../shared/languages.js';
import type { TNotificationCategory } from '../../../shared/notifications.js';
import type { Database } from '../../db/client.js';
import type { DataKeys } from '../../lib/crypto.js';
import { notificationOptOuts, notifications, staff, students } from '../../db/schema.js';
import type { MailSender } from './mail-sender.js';
import { deliverPush, forgetGoneSubscriptions, pushTargetsColumn } from './push-delivery.js';
import { type PushSender, pushSender } from './push-sender.js';
import { recipientOf } from './record-notifications.js';
import { renderEmail } from './render-email.js';
import { isUnsubscribable, UNSUBSCRIBE_PAGE_PATH, unsubscribeToken } from './unsubscribe-link.js';
import { openSealedParams, withoutSealedParams } from './sealed-params.js';

/** What an e-mail's links are made of: the portal's address and its brand. */
export interface DeliverySite {
  publicOrigin: string;
  branding: TBranding;
}

export interface DeliveryDeps {
  db: Database;
  /** Where e-mail goes; null where e-mail is off (EMAIL_OFF): e-mails are then skipped. */
  sender: MailSender | null;
  push: PushSender;
  /**
   * The app's data keys: they open the credentials a notification keeps sealed (an invite code:
   * sealed-params.ts) and sign its unsubscribe link.
   */
  keys: DataKeys;
  site: DeliverySite;
}

/** The site of this app's e-mails, from its settings. */
export const deliverySiteOf = (app: FastifyInstance): DeliverySite => ({
  publicOrigin: app.config.publicOrigin,
  branding: app.config.branding,
});

/** What this app delivers with: its database, `sender` for e-mail, web push by its VAPID keys. */
export const deliveryDepsOf = (app: FastifyInstance, sender: MailSender | null): DeliveryDeps => ({
  db: app.db,
  sender,
  push: pushSender(app.config.push),
  keys: app.dataKeys,
  site: deliverySiteOf(app),
});

/** The notification's Message-ID: the same on every attempt, so a resend is recognisable. */
export const messageIdOf = (id: string, publicOrigin: string) =>
  `<${id}@${new URL(publicOrigin).hostname}>`;

/**
 * The link that turns this e-mail's category off without signing in, for the footer and for
 * mail clients' own unsubscribe button (RFC 8058); none for security notices and account e-mails.
 */
function unsubscribeUrlOf(
  row: { category: TNotificationCategory; studentId: string | null; staffId: string | null },
  site: DeliverySite,
  linkKey: Buffer,
): string | undefined {
  const target = { recipient: recipientOf(row), category: row.category };
  if (!isUnsubscribable(target)) return undefined;
  const url = new URL(UNSUBSCRIBE_PAGE_PATH, site.publicOrigin);
  url.searchParams.set('token', unsubscribeToken(linkKey, target));
  return url.toString();
}

const oneClickUnsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

function findNotifications(db: Database, ids: readonly string[]) {
  return db
    .select({
      id: notifications.id,
      channel: notifications.channel,
      category: notifications.category,
      studentId: notifications.studentId,
      staffId: notifications.staffId,
      template: notifications.template,
      params: notifications.params,
      state: notifications.state,
      studentFirstName: students.firstName,
      studentEmail: students.email,
      studentLanguage: students.language,
      staffName: staff.name,
      staffEmail: staff.email,
      optedOut: sql<boolean>`exists (
        select 1 from ${notificationOptOuts}
        where ${notificationOptOuts.category} = ${notifications.category}
          and ${notificationOptOuts.channel} = ${notifications.channel}
          and (${notificationOptOuts.studentId} = ${notifications.studentId}
            or ${notificationOptOuts.staffId} = ${notifications.staffId}))`,
      targets: pushTargetsColumn,
    })
    .from(notifications)
    .leftJoin(students, sql`${students.id} = ${notifications.studentId}`)
    .leftJoin(staff, sql`${staff.id} = ${notifications.staffId}`)
    .where(inArray(notifications.id, [...ids]));
}

const settle = (db: Database, ids: string[], state: 'sent' | 'skipped') =>
  ids.length === 0
    ? Promise.resolve()
    : db
        .update(notifications)
        .set({
          state,
          attempts: sql`${notifications.attempts} + 1`,
          lastError: null,
          params: withoutSealedParams(),
          sentAt: state === 'sent' ? sql`now()` : null,
        })
        .where(inArray(notifications.id, ids));

type FoundNotification = Awaited<ReturnType<typeof findNotifications>>[number];

/** What a notification is written in: its student's language; staff read English. */
const languageOf = (row: FoundNotification): TLanguage => row.studentLanguage ?? DEFAULT_LANGUAGE;

/** Sends one notification by e-mail: sent, or skipped when there is no one to send it to. */
async function deliverEmail(
  deps: DeliveryDeps,
  row: FoundNotification,
): Promise<'sent' | 'skipped'> {
  const to = row.studentEmail ?? row.staffEmail;
  const firstName = row.studentFirstName ?? row.staffName?.split(' ')[0];
  if (!deps.sender || !to || !firstName) return 'skipped';
  const unsubscribeUrl = unsubscribeUrlOf(row, deps.site, deps.keys.linkKey);
  const params = openSealedParams(deps.keys, row.params);
  const language = languageOf(row);
  const email = renderEmail({ ...row, params }, { firstName, language, unsubscribeUrl }, deps.site);
  const messageId = messageIdOf(row.id, deps.site.publicOrigin);
  const headers = unsubscribeUrl ? oneClickUnsubscribeHeaders(unsubscribeUrl) : undefined;
  await deps.sender.send({ to, ...email, messageId, headers, notificationId: row.id });
  return 'sent';
}

/**
 * Sends a batch of notifications, each on its channel (e-mail over the sender's pooled
 * connections, web push to each of the recipient's browsers), side by side, each once: one
 * already sent or skipped is left alone, so a job run again (after a crash, or by two instances)
 * does not send it again, short of a worker killed between the server's acceptance and the
 * batch's update, whose notifications in flight may go twice. One read and one update for the
 * whole batch (and a delete of the subscriptions push services said are gone, if any). Answers
 * each id's failure, if it failed (nothing is recorded for it).
 */
export async function deliverNotifications(
  deps: DeliveryDeps,
  ids: readonly string[],
): Promise<Map<string, unknown>> {
  const rows = await findNotifications(deps.db, ids);
  const done = { sent: [] as string[], skipped: [] as string[] };
  const gone: string[] = [];
  const failures = new Map<string, unknown>();
  await Promise.all(
    rows.map(async (row) => {
      if (row.state === 'sent' || row.state === 'skipped') return;
      try {
        const outcome = row.optedOut
          ? 'skipped'
          : row.channel === 'push'
            ? await deliverPush(deps.push, { ...row, language: languageOf(row) }, gone)
            : await deliverEmail(deps, row);
        done[outcome].push(row.id);
      } catch (error) {
        failures.set(row.id, error);
      }
    }),
  );
  await Promise.all([
    settle(deps.db, done.sent, 'sent'),
    settle(deps.db, done.skipped, 'skipped'),
    forgetGoneSubscriptions(deps.db, gone),
  ]);
  return failures;
}

/** Notes a failed attempt; after the last one the notification is failed, for an administrator. */
export async function recordFailedAttempt(
  db: Database,
  id: string,
  error: unknown,
  last: boolean,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(notifications)
    .set({
      attempts: sql`${notifications.attempts} + 1`,
      lastError: message.slice(0, 500),
      ...(last ? { state: 'failed' as const } : {}),
    })
    .where(inArray(notifications.id, [id]));
}
