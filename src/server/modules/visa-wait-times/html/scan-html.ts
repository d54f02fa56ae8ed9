export type HtmlToken =
  | { type: 'text'; text: string }
  | { type: 'tag'; name: string; closing: boolean; attributes: string };

/** Elements whose content is not markup and never shown as text; skipped whole. */
const RAW = new Set(['script', 'style', 'template', 'title', 'textarea']);
const TAG_NAME = /[a-zA-Z][a-zA-Z0-9-]*/y;

const SPACE = new Set([' ', '\n', '\t', '\r', '\f']);

/**
 * Where a tag whose name ends at `from` ends (its ">"), or -1 if never. A quote opens a value only
 * right after "=", as in a browser, so a stray apostrophe (title=Don't) does not swallow the page.
 */
function tagEnd(html: string, from: number): number {
  let afterEquals = false;
  for (let i = from; i < html.length; i += 1) {
    const c = html.charAt(i);
    if (c === '>') return i;
    if (afterEquals && (c === '"' || c === "'")) {
      const close = html.indexOf(c, i + 1);
      if (close === -1) return -1;
      i = close;
      afterEquals = false;
    } else if (c === '=') {
      afterEquals = true;
    } else if (!SPACE.has(c)) {
      afterEquals = false;
    }
  }
  return -1;
}

/**
 * The page as a flat run of text and tags, the way a browser tokenizes it, in one pass: each
 * character is looked at a bounded number of times, so a hostile or broken page cannot make it
 * slow (a regex for tags rescans to the end at every "<" an unclosed quote follows). Comments and
 * the contents of scripts, styles, templates and titles are skipped: a page's scripts can hold
 * strings like "<table>". Quoted attribute values are taken whole, so a ">" in one does not end
 * the tag. A "<" not followed by a letter ("< 0.5 Month" written without an entity) is text. A
 * comment, tag or script left open runs to the end of the input, as in a browser.
 */
export function* scanHtml(html: string): Generator<HtmlToken> {
  let textFrom = 0;
  let at = 0;
  function* textUpTo(end: number): Generator<HtmlToken> {
    if (end > textFrom) yield { type: 'text', text: html.slice(textFrom, end) };
  }
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) {
      yield* textUpTo(lt);
      const close = html.indexOf('-->', lt + 4);
      at = textFrom = close === -1 ? html.length : close + 3;
      continue;
    }
    const closing = html[lt + 1] === '/';
    TAG_NAME.lastIndex = lt + (closing ? 2 : 1);
    const name = TAG_NAME.exec(html)?.[0];
    if (!name) {
      at = lt + 1;
      continue;
    }
    // Read before any yield: TAG_NAME is shared by every scan in progress.
    const nameEnd = TAG_NAME.lastIndex;
    const end = tagEnd(html, nameEnd);
    yield* textUpTo(lt);
    if (end === -1) {
      textFrom = html.length;
      break;
    }
    const lower = name.toLowerCase();
    yield { type: 'tag', name: lower, closing, attributes: html.slice(nameEnd, end) };
    at = textFrom = end + 1;
    if (!closing && RAW.has(lower)) {
      const closeTag = new RegExp(`</${lower}[\\s/>]`, 'gi');
      closeTag.lastIndex = at;
      const found = closeTag.exec(html);
      const closeEnd = found ? html.indexOf('>', found.index) : -1;
      at = textFrom = closeEnd === -1 ? html.length : closeEnd + 1;
    }
  }
  yield* textUpTo(html.length);
}
