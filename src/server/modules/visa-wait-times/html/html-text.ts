import { decodeEntities } from './decode-entities.js';
import { scanHtml } from './scan-html.js';

/** The visible text of a page, tags read as spaces and whitespace collapsed. */
export function htmlText(html: string): string {
  const parts: string[] = [];
  for (const token of scanHtml(html)) parts.push(token.type === 'text' ? token.text : ' ');
  return decodeEntities(parts.join('')).replace(/\s+/g, ' ').trim();
}
