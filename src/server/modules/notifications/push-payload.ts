import { oneLine } from './render-email.js';
import type { PushMessage } from './push-sender.js';
import { templateOf } from './templates.js';

/**
 * A notification as a push: as short as its e-mail's subject, and the path its link opens. No
 * greeting: the device is the person's own, and the less a lock screen shows the better.
 */
export function renderPush(notification: {
  template: string;
  params: Record<string, string>;
}): PushMessage {
  const template = templateOf(notification.template);
  if (!template) throw new Error(`no notification template "${notification.template}"`);
  return {
    title: oneLine(template.subject(notification.params)),
    path: template.action.path(notification.params),
  };
}
