import { inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema.js';
import type { PushOwner } from './push-subscriptions.js';

/** One person as a key: a student and a staff member never share one. */
export const ownerKey = (owner: PushOwner): string =>
  'studentId' in owner ? `student:${owner.studentId}` : `staff:${owner.staffId}`;

/**
 * Which of these people turned push on in at least one browser, as their keys: one indexed read
 * (push_subscriptions_*_idx), none when nobody is asked about.
 */
export async function withPushOn(db: Database, owners: readonly PushOwner[]): Promise<Set<string>> {
  const studentIds = owners.flatMap((o) => ('studentId' in o ? [o.studentId] : []));
  const staffIds = owners.flatMap((o) => ('staffId' in o ? [o.staffId] : []));
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
  return new Set(
    rows.map((row) =>
      ownerKey(row.studentId ? { studentId: row.studentId } : { staffId: row.staffId ?? '' }),
    ),
  );
}
