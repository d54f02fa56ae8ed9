import type { MessageDescriptor } from '@lingui/core';
import type { TNotificationCategory } from '../../../shared/notifications.js';
import type { NotificationI18n } from './notification-catalogue.js';

/** A notification's parameters: plain strings the change knew (never personal data). */
export type Params = Readonly<Record<string, string | undefined>>;

/**
 * One notification the portal writes: its category (what a person may turn off), its subject,
 * its lines and its one link into the portal. The texts are messages of the `notifications`
 * catalogue, each written as `i18n._({ id, message, values })` (`lingui extract` finds them by
 * that call, the English source beside its id) so they come out in the recipient's language.
 * A first name comes from the recipient when it is sent, never from here.
 */
export interface NotificationTemplate {
  category: TNotificationCategory;
  subject: (p: Params, i18n: NotificationI18n) => string;
  lines: (p: Params, i18n: NotificationI18n) => string[];
  action: { label: MessageDescriptor; path: (p: Params) => string };
  /** Also sent by web push, as its subject and its link (push-payload.ts), where push is on. */
  push?: true;
}
