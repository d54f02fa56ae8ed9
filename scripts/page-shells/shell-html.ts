const ROOT_ELEMENT = '<div id="root"></div>';
const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n/g;
const FIRST_SCRIPT = /[ \t]*<script /;

/**
 * index.html for one page: its stylesheets asked for first, the only files that hold up the first
 * paint (Vite lists them after the entry's script); `preload` (chunk files) fetched at once beside
 * the entry, as the entry's own imports already are, instead of after the entry has run and asked
 * for them; and, for a page drawn at build time, its markup in the root element.
 */
export function shellHtml(
  template: string,
  { preload, markup = '' }: { preload: readonly string[]; markup?: string },
): string {
  if (!template.includes(ROOT_ELEMENT) || !template.includes('</head>'))
    throw new Error(`index.html must hold ${ROOT_ELEMENT} and a </head>.`);
  const stylesheets = template.match(STYLESHEET) ?? [];
  const links = preload
    .map((fileName) => `    <link rel="modulepreload" crossorigin href="/${fileName}">\n`)
    .join('');
  // Replaced by functions: a `$` in the markup is text, not a replacement pattern.
  return template
    .replace(STYLESHEET, '')
    .replace(FIRST_SCRIPT, (script) => `${stylesheets.join('')}${script}`)
    .replace('</head>', () => `\n${links}  </head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>`);
}
