import { inArray, sql } from 'drizzle-orm';
import type { TBranding } from '../../../shared/branding.js';
import type { Database } from '../../db/client.js';
import type { DataKeys } from '../../lib/crypto.js';
import { notificationOptOuts, notifications, staff, students } from '../../db/schema.js';
import type { MailSender } from './mail-sender.js';
import { renderEmail } from './render-email.js';
import { openSealedParams, withoutSealedParams } from './sealed-params.js';

export interface DeliveryDeps {
  db: Database;
  sender: MailSender;
  /** Opens the credentials a notification keeps sealed (an invite code: sealed-params.ts). */
  keys: DataKeys;
  site: { publicOrigin: string; branding: TBranding };
}

/** The notification's Message-ID: the same on every attempt, so a resend is recognisable. */
export const messageIdOf = (id: string, publicOrigin: string) =>
  `<${id}@${new URL(publicOrigin).hostname}>`;

function findNotifications(db: Database, ids: readonly string[]) {
  return db
    .select({
      id: notifications.id,
      template: notifications.template,
      params: notifications.params,
      state: notifications.state,
      studentFirstName: students.firstName,
      studentEmail: students.email,
      staffName: staff.name,
      staffEmail: staff.email,
      optedOut: sql<boolean>`exists (
        select 1 from ${notificationOptOuts}
        where ${notificationOptOuts.category} = ${notifications.category}
          and ${notificationOptOuts.channel} = ${notifications.channel}
          and (${notificationOptOuts.studentId} = ${notifications.studentId}
            or ${notificationOptOuts.staffId} = ${notifications.staffId}))`,
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

/**
 * Sends a batch of notifications by e-mail, side by side over the sender's pooled connections,
 * each once: one already sent or skipped is left alone, so a job run again (after a crash, or by
 * two instances) does not send it again, short of a worker killed between the SMTP server's
 * acceptance and the batch's update, whose e-mails in flight may go twice. One read and one
 * update for the whole batch. Answers each id's failure, if it failed (nothing is recorded for it).
 */
export async function deliverNotifications(
  deps: DeliveryDeps,
  ids: readonly string[],
): Promise<Map<string, unknown>> {
  const rows = await findNotifications(deps.db, ids);
  const sent: string[] = [];
  const skipped: string[] = [];
  const failures = new Map<string, unknown>();
  await Promise.all(
    rows.map(async (row) => {
      if (row.state === 'sent' || row.state === 'skipped') return;
      const to = row.studentEmail ?? row.staffEmail;
      const firstName = row.studentFirstName ?? row.staffName?.split(' ')[0];
      if (!to || !firstName || row.optedOut) {
        skipped.push(row.id);
        return;
      }
      try {
        const params = openSealedParams(deps.keys, row.params);
        const email = renderEmail({ ...row, params }, { firstName }, deps.site);
        const messageId = messageIdOf(row.id, deps.site.publicOrigin);
        await deps.sender.send({ to, ...email, messageId, notificationId: row.id });
        sent.push(row.id);
      } catch (error) {
        failures.set(row.id, error);
      }
    }),
  );
  await Promise.all([settle(deps.db, sent, 'sent'), settle(deps.db, skipped, 'skipped')]);
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
