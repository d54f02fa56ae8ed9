import { createHash } from 'node:crypto';
import type { TBranding } from '../../../shared/branding.js';
import { type TLanguage, textDirectionOf } from '../../../shared/languages.js';
import { escapeHtml } from '../../lib/escape-html.js';

const STYLE = `body{margin:0;background:#f8fafc;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{font-size:1.375rem;margin:0 0 1rem}p{margin:0 0 1rem}
button{font:inherit;font-weight:600;color:#fff;background:var(--brand);border:0;border-radius:.5rem;padding:.75rem 1.25rem;cursor:pointer}
button:focus-visible{outline:3px solid #0f172a;outline-offset:2px}.brand{font-weight:700;color:var(--brand)}`;

/**
 * The page runs no script and loads nothing: its one style block is allowed by its hash, and its
 * one form posts back to itself.
 */
const policyFor = (style: string) =>
  [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

export interface UnsubscribePage {
  html: string;
  /** Its Content-Security-Policy. */
  policy: string;
}

/** What the page says, and the language it says it in. */
export interface UnsubscribePageContent {
  language: TLanguage;
  title: string;
  lines: string[];
  /** The button's label, on the page that asks. */
  confirm?: string;
}

/** The unsubscribe link's page: what it turns off and a button (GET), or what it turned off (POST). */
export function renderUnsubscribePage(
  branding: TBranding,
  content: UnsubscribePageContent,
): UnsubscribePage {
  const style = `:root{--brand:${branding.themeColor}}\n${STYLE}`;
  const paragraphs = content.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const form = content.confirm
    ? `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(content.confirm)}</button></form>`
    : '';
  const html = `<!doctype html>
<html lang="${content.language}" dir="${textDirectionOf(content.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(content.title)} · ${escapeHtml(branding.productName)}</title>
<style>${style}</style>
</head>
<body>
<main>
<p class="brand">${escapeHtml(branding.productName)}</p>
<h1>${escapeHtml(content.title)}</h1>
${paragraphs}
${form}
</main>
</body>
</html>
`;
  return { html, policy: policyFor(style) };
}
