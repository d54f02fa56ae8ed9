import { eq, sql } from 'drizzle-orm';
import type { TBranding } from '../../../shared/branding.js';
import type { Database } from '../../db/client.js';
import { notifications, staff, students } from '../../db/schema.js';
import type { MailSender } from './mail-sender.js';
import { renderEmail } from './render-email.js';

export interface DeliveryDeps {
  db: Database;
  sender: MailSender;
  site: { publicOrigin: string; branding: TBranding };
}

/** The notification's Message-ID: the same on every attempt, so a resend is recognisable. */
export const messageIdOf = (id: string, publicOrigin: string) =>
  `<${id}@${new URL(publicOrigin).hostname}>`;

async function findNotification(db: Database, id: string) {
  const [row] = await db
    .select({
      id: notifications.id,
      template: notifications.template,
      params: notifications.params,
      state: notifications.state,
      studentFirstName: students.firstName,
      studentEmail: students.email,
      staffName: staff.name,
      staffEmail: staff.email,
    })
    .from(notifications)
    .leftJoin(students, eq(students.id, notifications.studentId))
    .leftJoin(staff, eq(staff.id, notifications.staffId))
    .where(eq(notifications.id, id));
  return row;
}

const setState = (db: Database, id: string, state: 'sent' | 'skipped') =>
  db
    .update(notifications)
    .set({
      state,
      attempts: sql`${notifications.attempts} + 1`,
      lastError: null,
      sentAt: state === 'sent' ? sql`now()` : null,
    })
    .where(eq(notifications.id, id));

/**
 * Sends one notification by e-mail, once: one already sent or skipped is left alone, so a job run
 * again (after a crash, or twice by two instances) does not send it again, short of one killed
 * between the SMTP server's acceptance and this row's update. Throws when sending fails.
 */
export async function deliverNotification(
  deps: DeliveryDeps,
  id: string,
): Promise<'sent' | 'skipped' | 'done-before'> {
  const row = await findNotification(deps.db, id);
  if (!row || row.state === 'sent' || row.state === 'skipped') return 'done-before';
  const to = row.studentEmail ?? row.staffEmail;
  const firstName = row.studentFirstName ?? row.staffName?.split(' ')[0];
  if (!to || !firstName) {
    await setState(deps.db, id, 'skipped');
    return 'skipped';
  }
  const email = renderEmail(row, { firstName }, deps.site);
  await deps.sender.send({
    to,
    ...email,
    messageId: messageIdOf(id, deps.site.publicOrigin),
    notificationId: id,
  });
  await setState(deps.db, id, 'sent');
  return 'sent';
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
    .where(eq(notifications.id, id));
}
