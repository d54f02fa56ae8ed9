import { desc, eq, sql } from 'drizzle-orm';
import { STAFF_MAIL_LIST_LIMIT, type TFailedNotification } from '../../../shared/staff-mail.js';
import type { Database } from '../../db/client.js';
import { notifications, staff, students } from '../../db/schema.js';
import { englishI18n } from './notification-catalogue.js';
import { templateOf } from './templates.js';

/**
 * The notifications every retry failed to deliver, newest first, with whom each was for and the
 * mail server's last answer: what an administrator looks at before sending one again. In English,
 * as the console is.
 */
export async function listFailedNotifications(db: Database): Promise<TFailedNotification[]> {
  const rows = await db
    .select({
      id: notifications.id,
      template: notifications.template,
      params: notifications.params,
      studentId: notifications.studentId,
      studentName: sql<string | null>`${students.firstName} || ' ' || ${students.lastName}`,
      staffId: notifications.staffId,
      staffName: staff.name,
      attempts: notifications.attempts,
      lastError: notifications.lastError,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .leftJoin(students, eq(students.id, notifications.studentId))
    .leftJoin(staff, eq(staff.id, notifications.staffId))
    .where(eq(notifications.state, 'failed'))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(STAFF_MAIL_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    template: row.template,
    subject: templateOf(row.template)?.subject(row.params, englishI18n) ?? row.template,
    // One of the two is set (notifications_one_recipient), and a deleted person's rows go too.
    recipient: row.studentId
      ? { kind: 'student' as const, id: row.studentId, name: row.studentName ?? '' }
      : { kind: 'staff' as const, id: row.staffId ?? '', name: row.staffName ?? '' },
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  }));
}
