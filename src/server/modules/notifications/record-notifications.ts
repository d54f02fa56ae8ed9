import type { Database } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import { NOTIFICATION_TEMPLATES, type TNotificationTemplate } from './templates.js';

/** Whom a notification is for, and whose preferences decide whether it is sent. */
export type NotificationRecipient = { studentId: string } | { staffId: string };

/** One notification a change causes: to whom, with which template and its parameters. */
export interface NewNotification {
  template: TNotificationTemplate;
  to: NotificationRecipient;
  /** What the template says (no passport number, birth date or medical data: see notifications). */
  params: Record<string, string>;
  /** For a notification sent once whatever happens (a reminder): a second one is not written. */
  onceKey?: string;
}

/**
 * Writes the notifications a change causes, as e-mail. Pass the transaction of the change: the
 * two commit together or not at all (the outbox), and the job queue delivers them afterwards.
 */
export async function recordNotifications(
  db: Database,
  notes: readonly NewNotification[],
): Promise<void> {
  if (notes.length === 0) return;
  await db
    .insert(notifications)
    .values(
      notes.map((note) => ({
        channel: 'email' as const,
        category: NOTIFICATION_TEMPLATES[note.template].category,
        template: note.template,
        studentId: 'studentId' in note.to ? note.to.studentId : null,
        staffId: 'staffId' in note.to ? note.to.staffId : null,
        params: note.params,
        onceKey: note.onceKey ?? null,
      })),
    )
    .onConflictDoNothing({ target: notifications.onceKey });
}
