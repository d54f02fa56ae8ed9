import { z } from 'zod';

/**
 * The administrators' mail page (`/staff/mail`, issue 25): the local mailbox that takes the
 * e-mail outside production without SMTP_URL, and the notifications that could not be delivered,
 * each of which an administrator may hand to the queue again.
 */

/** How many messages and failed notifications the page lists, newest first. */
export const STAFF_MAIL_LIST_LIMIT = 200;

/**
 * A message's id in the mailbox: the name of its files without the extension. Letters, digits
 * and hyphens only, so no id names a file outside the mailbox (no dot, no slash).
 */
export const ZMailboxIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,99}$/, 'is not the id of a message in the mailbox');

export const ZMailboxMessageSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  sentAt: z.string(),
});
export type TMailboxMessageSummary = z.infer<typeof ZMailboxMessageSummarySchema>;

/** `mailbox`: whether this server keeps mail locally; when false it sends through SMTP (or none). */
export const ZMailboxResponseSchema = z.object({
  mailbox: z.boolean(),
  messages: z.array(ZMailboxMessageSummarySchema),
});
export type TMailboxResponse = z.infer<typeof ZMailboxResponseSchema>;

/** One message whole: its plain text and its HTML, which the console shows in a sandbox. */
export const ZMailboxMessageSchema = ZMailboxMessageSummarySchema.extend({
  text: z.string(),
  html: z.string(),
});
export type TMailboxMessage = z.infer<typeof ZMailboxMessageSchema>;

export const ZFailedNotificationSchema = z.object({
  id: z.string(),
  template: z.string(),
  /** The subject the e-mail has, from its template. */
  subject: z.string(),
  recipient: z.object({
    kind: z.enum(['student', 'staff']),
    id: z.string(),
    name: z.string(),
  }),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type TFailedNotification = z.infer<typeof ZFailedNotificationSchema>;

export const ZFailedNotificationsResponseSchema = z.object({
  items: z.array(ZFailedNotificationSchema),
});
export type TFailedNotificationsResponse = z.infer<typeof ZFailedNotificationsResponseSchema>;

/** A retried notification is queued: the relay hands it to the job queue again. */
export const ZNotificationRetryResponseSchema = z.object({
  id: z.string(),
  state: z.literal('queued'),
});

export const STAFF_MAIL_ERRORS = {
  messageNotFound: 'No message in the mailbox has this id.',
  notificationNotFound: 'No notification has this id.',
  notFailed: 'Only a notification that could not be delivered can be sent again.',
} as const;
