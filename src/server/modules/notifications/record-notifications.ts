import { inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { notifications, pushSubscriptions } from '../../db/schema.js';
import { NOTIFICATION_TEMPLATES, templateOf, type TNotificationTemplate } from './templates.js';

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

/** A recipient as the columns of a row that names one (the outbox, a subscription). */
export const recipientColumns = (to: NotificationRecipient) => ({
  studentId: 'studentId' in to ? to.studentId : null,
  staffId: 'staffId' in to ? to.staffId : null,
});

/** The recipient a row names by those columns. */
export const recipientOf = (row: {
  studentId: string | null;
  staffId: string | null;
}): NotificationRecipient =>
  row.studentId ? { studentId: row.studentId } : { staffId: row.staffId ?? '' };

/** One person as a key: a student and a staff member never share one. */
const recipientKey = (to: NotificationRecipient): string =>
  'studentId' in to ? `student:${to.studentId}` : `staff:${to.staffId}`;

/**
 * Which of these people turned web push on in at least one browser, as their keys: one indexed
 * read (push_subscriptions_*_idx), none when nobody is asked about.
 */
async function withPushOn(
  db: Database,
  recipients: readonly NotificationRecipient[],
): Promise<Set<string>> {
  const studentIds = recipients.flatMap((r) => ('studentId' in r ? [r.studentId] : []));
  const staffIds = recipients.flatMap((r) => ('staffId' in r ? [r.staffId] : []));
  if (studentIds.length + staffIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ studentId: pushSubscriptions.studentId, staffId: pushSubscriptions.staffId })
    .from(pushSubscriptions)
    .where(
      or(
        studentIds.length > 0 ? inArray(pushSubscriptions.studentId, studentIds) : undefined,
        staffIds.length > 0 ? inArray(pushSubscriptions.staffId, staffIds) : undefined,
      ),
    );
  return new Set(rows.map((row) => recipientKey(recipientOf(row))));
}

const pushes = (note: NewNotification) => templateOf(note.template)?.push ?? false;

function outboxRow(note: NewNotification, channel: 'email' | 'push') {
  return {
    channel,
    category: NOTIFICATION_TEMPLATES[note.template].category,
    template: note.template,
    ...recipientColumns(note.to),
    params: note.params,
    // The push twin of a notification sent once is sent once too, under a key of its own.
    onceKey:
      note.onceKey === undefined ? null : `${note.onceKey}${channel === 'push' ? ':push' : ''}`,
  };
}

/**
 * Writes the notifications a change causes: each by e-mail, and by web push too where its
 * template pushes and the recipient turned push on in a browser (one read of their subscriptions
 * first, none when no template pushes). Pass the transaction of the change: they commit together
 * or not at all (the outbox), and the job queue delivers them afterwards.
 */
export async function recordNotifications(
  db: Database,
  notes: readonly NewNotification[],
): Promise<void> {
  if (notes.length === 0) return;
  const pushOn = await withPushOn(
    db,
    notes.filter(pushes).map((note) => note.to),
  );
  await db
    .insert(notifications)
    .values(
      notes.flatMap((note) => [
        outboxRow(note, 'email'),
        ...(pushes(note) && pushOn.has(recipientKey(note.to)) ? [outboxRow(note, 'push')] : []),
      ]),
    )
    .onConflictDoNothing({ target: notifications.onceKey });
}
