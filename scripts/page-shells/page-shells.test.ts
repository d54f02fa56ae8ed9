import { describe, expect, it } from 'vitest';
import { chunksBeyondEntry, type ChunkNode } from './page-chunks.js';
import { shellHtml } from './shell-html.js';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []): ChunkNode => ({
  fileName,
  isEntry: fileName === 'entry.js',
  moduleIds,
  imports,
});

const CHUNKS = new Map(
  [
    chunk('entry.js', ['/web/main.tsx'], ['react.js']),
    chunk('react.js', ['/node_modules/react/index.js']),
    chunk('signup.js', ['/web/app/routes/signup.tsx'], ['forms.js', 'react.js']),
    chunk('forms.js', ['/node_modules/zod/index.js', '/web/shared/auth.ts']),
    chunk('query-layer.js', ['/web/app/query-layer.tsx'], ['react.js', 'query.js']),
    chunk('query.js', ['/node_modules/@tanstack/query-core/index.js']),
  ].map((c) => [c.fileName, c]),
);

describe("a page's chunks beyond the entry", () => {
  it('lists each module’s chunk and everything it imports, each once, none the entry loads', () => {
    expect(
      chunksBeyondEntry(CHUNKS, [
        '/web/app/routes/signup.tsx',
        '/web/app/query-layer.tsx',
        '/web/shared/auth.ts',
      ]),
    ).toEqual(['signup.js', 'forms.js', 'query-layer.js', 'query.js']);
  });

  it('finds a module bundled into a shared chunk', () => {
    expect(chunksBeyondEntry(CHUNKS, ['/web/shared/auth.ts'])).toEqual(['forms.js']);
  });

  it('refuses a module no chunk holds', () => {
    expect(() => chunksBeyondEntry(CHUNKS, ['/web/app/routes/gone.tsx'])).toThrow(
      /No chunk holds \/web\/app\/routes\/gone.tsx/,
    );
  });
});

const TEMPLATE = `<!doctype html>
<html>
  <head>
    <title>Portal</title>
    <script type="module" crossorigin src="/assets/entry.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/web.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe("a page's document", () => {
  it('asks for the stylesheet first, then the entry, then the page’s own chunks', () => {
    const html = shellHtml(TEMPLATE, { preload: ['assets/signup.js'] });
    const order = ['web.css', 'entry.js', 'signup.js'].map((name) => html.indexOf(name));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/signup.js">');
    expect(html.match(/stylesheet/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
  });

  it('carries a drawn page’s markup in the root, a $ in it as text', () => {
    const markup = '<h1>Pay the $350 fee: $& $1</h1>';
    expect(shellHtml(TEMPLATE, { preload: [], markup })).toContain(
      `<div id="root">${markup}</div>`,
    );
  });

  it('refuses a template without the root element', () => {
    expect(() => shellHtml('<html><head></head></html>', { preload: [] })).toThrow(/root/);
  });
});
