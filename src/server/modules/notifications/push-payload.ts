import type { TLanguage } from '../../../shared/languages.js';
import { writeInLanguageOf } from './notification-catalogue.js';
import { oneLine } from './render-email.js';
import type { PushMessage } from './push-sender.js';
import { templateOf } from './templates.js';

/**
 * A notification as a push: as short as its e-mail's subject, and the path its link opens. No
 * greeting: the device is the person's own, and the less a lock screen shows the better. In the
 * recipient's language, as their e-mail is (render-email.ts).
 */
export function renderPush(
  notification: { template: string; params: Record<string, string> },
  language: TLanguage,
): PushMessage {
  const template = templateOf(notification.template);
  if (!template) throw new Error(`no notification template "${notification.template}"`);
  const { texts: title } = writeInLanguageOf(language, (i18n) =>
    oneLine(template.subject(notification.params, i18n)),
  );
  return { title, path: template.action.path(notification.params) };
}
