import type { TBranding } from '../../../shared/branding.js';
import { type TLanguage, textDirectionOf } from '../../../shared/languages.js';
import { NOTIFICATION_CATEGORY_MESSAGES } from '../../../shared/notifications.js';
import { escapeHtml } from '../../lib/escape-html.js';
import { writeInLanguageOf } from './notification-catalogue.js';
import { templateOf } from './templates.js';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** A subject stays one line whatever a parameter holds. */
export const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/**
 * A notification as an e-mail: a plain-text and an HTML part saying the same, the recipient's
 * first name, what happened, and one link into the portal, in the brand's name and colour.
 * Written in the recipient's language where its catalogue has the e-mail's every text, else in
 * English (notification-catalogue.ts); `<html lang>` and `dir` say which. Every parameter is
 * escaped in the HTML; nothing else than the catalogue's texts goes in.
 */
export function renderEmail(
  notification: { template: string; params: Record<string, string> },
  recipient: { firstName: string; language: TLanguage; unsubscribeUrl?: string | undefined },
  site: { publicOrigin: string; branding: TBranding },
): RenderedEmail {
  const template = templateOf(notification.template);
  if (!template) throw new Error(`no notification template "${notification.template}"`);
  const { params } = notification;
  const { unsubscribeUrl } = recipient;
  const { language, texts } = writeInLanguageOf(recipient.language, (i18n) => ({
    subject: oneLine(template.subject(params, i18n)),
    greeting: i18n._({
      id: 'notification.email.greeting',
      message: 'Hello {firstName},',
      values: { firstName: recipient.firstName },
    }),
    lines: template.lines(params, i18n),
    action: i18n._(template.action.label),
    footer: unsubscribeUrl && {
      unsubscribe: i18n._({
        id: 'notification.email.unsubscribe',
        message: 'Turn off these e-mails',
      }),
      category: i18n._(NOTIFICATION_CATEGORY_MESSAGES[template.category]),
    },
  }));
  const { subject, greeting, lines, action, footer } = texts;
  const link = new URL(template.action.path(params), site.publicOrigin).toString();
  const { productName, themeColor } = site.branding;

  const text = [
    greeting,
    '',
    ...lines,
    '',
    `${action}: ${link}`,
    '',
    productName,
    ...(footer ? ['', `${footer.unsubscribe} (${footer.category}): ${unsubscribeUrl}`] : []),
  ].join('\n');

  const paragraphs = lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`);
  const html = `<!doctype html>
<html lang="${language}" dir="${textDirectionOf(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8fafc;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e2e8f0">
<tr><td style="background:${escapeHtml(themeColor)};color:#ffffff;padding:16px 24px;border-radius:12px 12px 0 0;font-size:18px;font-weight:bold">${escapeHtml(productName)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
${paragraphs.join('\n')}
<p style="margin:24px 0 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:${escapeHtml(themeColor)};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(action)}</a></p>
</td></tr></table>
${footer ? `<p style="max-width:560px;margin:16px auto 0;font-size:13px;color:#475569">${escapeHtml(footer.category)}: <a href="${escapeHtml(unsubscribeUrl ?? '')}" style="color:#475569">${escapeHtml(footer.unsubscribe)}</a></p>` : ''}
</td></tr></table>
</body></html>`;
  return { subject, text, html };
}
