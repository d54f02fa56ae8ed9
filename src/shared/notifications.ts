import type { MessageDescriptor } from '@lingui/core';
import { z } from 'zod';

/**
 * Notifications: what the portal tells students and staff when something changes (issue 25). A
 * notification is written in the transaction of the change that causes it (the outbox) and
 * delivered in the background by the job queue (docs/decisions/020).
 */

/** What a person may turn off per channel; security notices cannot be turned off. */
export const NOTIFICATION_CATEGORIES = [
  'messages',
  'status',
  'reminders',
  'security',
  'account',
  'digest',
] as const;
export type TNotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type TNotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Queued: written with its change, not yet handed to the job queue; enqueued: a job will deliver
 * it; sent; failed after every retry (an administrator may retry it); skipped: nobody to send to
 * (no address, the person turned the category off, the student is gone).
 */
export const NOTIFICATION_STATES = ['queued', 'enqueued', 'sent', 'failed', 'skipped'] as const;
export type TNotificationState = (typeof NOTIFICATION_STATES)[number];

/**
 * What a category is about, as an unsubscribe page and an e-mail's footer name it: messages of
 * the `notifications` catalogue (src/shared/locales), written in the recipient's language.
 */
export const NOTIFICATION_CATEGORY_MESSAGES: Record<TNotificationCategory, MessageDescriptor> = {
  messages: /*i18n*/ {
    id: 'notification.category.messages',
    message: 'Messages from your school and advisers',
  },
  status: /*i18n*/ {
    id: 'notification.category.status',
    message: 'Your application, I-20, SEVIS fee, interview and documents',
  },
  reminders: /*i18n*/ {
    id: 'notification.category.reminders',
    message: 'Reminders before a due date',
  },
  security: /*i18n*/ { id: 'notification.category.security', message: 'Security notices' },
  account: /*i18n*/ { id: 'notification.category.account', message: 'Your invite and account' },
  digest: /*i18n*/ {
    id: 'notification.category.digest',
    message: 'A daily summary of what waits for you',
  },
};

/** Who a notification or a preference belongs to. */
export const NOTIFICATION_AUDIENCES = ['student', 'staff'] as const;
export type TNotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/** One switch of the "Notifications" section: a category on a channel. */
export interface TNotificationSwitch {
  category: TNotificationCategory;
  channel: TNotificationChannel;
}

/**
 * The switches each audience has, in the order the section lists them. Everything else is always
 * sent: security notices, and the e-mails that open an account (an invite, a staff enrolment).
 * Staff hear of students' messages and documents waiting for review in a daily digest e-mail, and
 * by push as they happen if they turn it on.
 */
export const NOTIFICATION_SWITCHES: Record<TNotificationAudience, readonly TNotificationSwitch[]> =
  {
    student: [
      { category: 'messages', channel: 'email' },
      { category: 'messages', channel: 'push' },
      { category: 'status', channel: 'email' },
      { category: 'status', channel: 'push' },
      { category: 'reminders', channel: 'email' },
      { category: 'reminders', channel: 'push' },
    ],
    staff: [
      { category: 'digest', channel: 'email' },
      { category: 'messages', channel: 'push' },
      { category: 'status', channel: 'push' },
    ],
  };

/** Whether a person may turn a category off on a channel (its switch exists). */
export const isSwitchable = (
  audience: TNotificationAudience,
  { category, channel }: TNotificationSwitch,
): boolean =>
  NOTIFICATION_SWITCHES[audience].some((s) => s.category === category && s.channel === channel);

/** One switch's state, as the preferences' API answers and takes it. */
export const ZNotificationPreferenceSchema = z.object({
  category: z.enum(NOTIFICATION_CATEGORIES),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});
export type TNotificationPreference = z.infer<typeof ZNotificationPreferenceSchema>;

/**
 * GET and PUT of a person's notification preferences (the PUT answers the same): every switch
 * of their audience, in its order. A PUT may name only some; a switch it does not name keeps its state.
 */
export const ZNotificationPreferencesSchema = z.object({
  preferences: z.array(ZNotificationPreferenceSchema).max(20),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferencesSchema>;

export const NOTIFICATION_PREFERENCE_ERRORS = {
  notSwitchable: (category: string, channel: string) =>
    `${category} by ${channel} is not a notification you can turn on or off`,
} as const;
