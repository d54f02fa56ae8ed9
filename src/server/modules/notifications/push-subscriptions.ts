import { and, eq, sql } from 'drizzle-orm';
import {
  PUSH_SUBSCRIPTION_MESSAGES,
  type TPushSubscriptionRequest,
} from '../../../shared/push-subscriptions.js';
import type { Database } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { type NotificationRecipient, recipientColumns } from './record-notifications.js';

/** Whose browser a subscription is: a student's or a staff member's. */
export type PushOwner = NotificationRecipient;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A push service is reached over https. Outside production a loopback http:// endpoint is taken
 * too, for a push service faked on this machine (the tests'); anything else is a 400, so the
 * server never posts to an address of the caller's choosing on the network it runs in.
 */
export function refuseInsecureEndpoint(endpoint: string, production: boolean): void {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return;
  if (!production && url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return;
  throw new HttpError(400, PUSH_SUBSCRIPTION_MESSAGES.endpointNotSecure);
}

const ownedBy = (owner: PushOwner) =>
  'studentId' in owner
    ? eq(pushSubscriptions.studentId, owner.studentId)
    : eq(pushSubscriptions.staffId, owner.staffId);

/**
 * Keeps a browser's subscription for its owner. A browser has one subscription per origin, so an
 * endpoint seen before moves to whoever turned push on in that browser last, with its new keys.
 */
export async function savePushSubscription(
  db: Database,
  owner: PushOwner,
  { endpoint, keys }: TPushSubscriptionRequest,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ ...recipientColumns(owner), endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        studentId: sql`excluded.student_id`,
        staffId: sql`excluded.staff_id`,
        p256dh: sql`excluded.p256dh`,
        auth: sql`excluded.auth`,
      },
    });
}

/** Deletes the owner's own subscription of that endpoint; answers whether there was one. */
export async function deletePushSubscription(
  db: Database,
  owner: PushOwner,
  endpoint: string,
): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), ownedBy(owner)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}
