import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  isSwitchable,
  NOTIFICATION_CATEGORIES,
  type TNotificationCategory,
} from '../../../shared/notifications.js';
import { audienceOf } from './notification-preferences.js';
import type { NotificationRecipient } from './record-notifications.js';

/** The page an e-mail's unsubscribe link opens (GET asks, POST turns off: RFC 8058's one click). */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** What a one-click unsubscribe link turns off: one category of one person's e-mail. */
export interface UnsubscribeTarget {
  recipient: NotificationRecipient;
  category: TNotificationCategory;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const bodyOf = ({ recipient, category }: UnsubscribeTarget) =>
  'studentId' in recipient
    ? `s.${recipient.studentId}.${category}`
    : `t.${recipient.staffId}.${category}`;

// 128 bits of HMAC-SHA256: enough that nobody guesses a link for someone else's address.
const signatureOf = (key: Buffer, body: string) =>
  createHmac('sha256', key).update(`unsubscribe:${body}`).digest().subarray(0, 16);

/**
 * The token of an e-mail's unsubscribe link: who, which category, and a signature with the
 * server's link key, so it works without signing in and cannot be made for another person or
 * category. It does not expire: an e-mail read a year later still turns its category off.
 */
export const unsubscribeToken = (key: Buffer, target: UnsubscribeTarget): string =>
  `${bodyOf(target)}.${signatureOf(key, bodyOf(target)).toString('base64url')}`;

/** The target of a token this server signed; null for anything else (tampered, truncated). */
export function readUnsubscribeToken(key: Buffer, token: string): UnsubscribeTarget | null {
  const [kind, id, category, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !id || !UUID.test(id) || !signature) return null;
  if (!(NOTIFICATION_CATEGORIES as readonly string[]).includes(category ?? '')) return null;
  if (kind !== 's' && kind !== 't') return null;
  const target: UnsubscribeTarget = {
    recipient: kind === 's' ? { studentId: id } : { staffId: id },
    category: category as TNotificationCategory,
  };
  const expected = signatureOf(key, bodyOf(target));
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return target;
}

/** Whether e-mail of this category carries an unsubscribe link (security notices do not). */
export const isUnsubscribable = ({ recipient, category }: UnsubscribeTarget): boolean =>
  isSwitchable(audienceOf(recipient), { category, channel: 'email' });
