import { and, eq, or, type SQL } from 'drizzle-orm';
import {
  isSwitchable,
  NOTIFICATION_PREFERENCE_ERRORS,
  NOTIFICATION_SWITCHES,
  type TNotificationAudience,
  type TNotificationPreference,
  type TNotificationSwitch,
} from '../../../shared/notifications.js';
import type { Database } from '../../db/client.js';
import { notificationOptOuts } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { NotificationRecipient } from './record-notifications.js';

export const audienceOf = (person: NotificationRecipient): TNotificationAudience =>
  'studentId' in person ? 'student' : 'staff';

const ownedBy = (person: NotificationRecipient): SQL =>
  'studentId' in person
    ? eq(notificationOptOuts.studentId, person.studentId)
    : eq(notificationOptOuts.staffId, person.staffId);

const sameSwitch = (a: TNotificationSwitch) => (b: TNotificationSwitch) =>
  a.category === b.category && a.channel === b.channel;

/** Every switch of the person's audience, in its order, on unless they turned it off. */
export async function readPreferences(
  db: Database,
  person: NotificationRecipient,
): Promise<TNotificationPreference[]> {
  const off = await db
    .select({ category: notificationOptOuts.category, channel: notificationOptOuts.channel })
    .from(notificationOptOuts)
    .where(ownedBy(person));
  return NOTIFICATION_SWITCHES[audienceOf(person)].map((s) => ({
    ...s,
    enabled: !off.some(sameSwitch(s)),
  }));
}

/**
 * Turns the named switches on or off; the others keep their state. A switch the person's
 * audience does not have (a security notice, a staff-only digest for a student) is refused whole.
 */
export async function writePreferences(
  db: Database,
  person: NotificationRecipient,
  changes: readonly TNotificationPreference[],
): Promise<void> {
  const audience = audienceOf(person);
  const refused = changes.find((change) => !isSwitchable(audience, change));
  if (refused)
    throw new HttpError(
      400,
      NOTIFICATION_PREFERENCE_ERRORS.notSwitchable(refused.category, refused.channel),
    );
  const turnedOn = changes.filter((change) => change.enabled);
  const turnedOff = changes.filter((change) => !change.enabled);
  if (turnedOn.length > 0)
    await db
      .delete(notificationOptOuts)
      .where(
        and(
          ownedBy(person),
          or(
            ...turnedOn.map((s) =>
              and(
                eq(notificationOptOuts.category, s.category),
                eq(notificationOptOuts.channel, s.channel),
              ),
            ),
          ),
        ),
      );
  if (turnedOff.length > 0)
    await db
      .insert(notificationOptOuts)
      .values(turnedOff.map((s) => ({ ...person, category: s.category, channel: s.channel })))
      .onConflictDoNothing();
}
