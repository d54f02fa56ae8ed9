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
