import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import {
  PAGE_SHELLS_DIR,
  PAGE_SHELLS_INDEX,
  type PageShellIndex,
} from '../../src/shared/page-shells.js';
import type { PageDefinition } from '../../src/web/app/pages.js';
import { writeCompressedCopies } from '../precompress/precompress-plugin.js';
import { chunksBeyondEntry, type ChunkNode } from './page-chunks.js';
import { shellHtml } from './shell-html.js';

type RenderPage = (path: string) => Promise<string>;

/**
 * The app's own code for the first view of a page, by module (absolute ids, as the bundle names
 * them): the page's route module; the query layer beside a page that reads through it; the auth
 * schemas a signed-in page's session check loads before the page can show (lib/auth.tsx).
 */
function modulesOf(page: PageDefinition, webRoot: string): string[] {
  return [
    join(webRoot, 'app', 'routes', `${page.module}.tsx`),
    ...(page.queries ? [join(webRoot, 'app', 'query-layer.tsx')] : []),
    ...(page.access === 'signed-in' ? [resolve(webRoot, '..', 'shared', 'auth.ts')] : []),
  ];
}

/** An address without parameters, which one document can serve. */
const hasOwnDocument = (page: PageDefinition) => !/[:*]/.test(page.path);

const fileStem = (path: string) => (path === '/' ? 'index' : path.slice(1).replaceAll('/', '-'));

/**
 * Draws the public pages with the app's own code, loaded through a Vite server of this same
 * config (prerender.tsx), as the browser will hydrate them.
 */
async function drawPages(config: ResolvedConfig, paths: readonly string[]) {
  const server = await createServer({
    configFile: config.configFile,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderPage } = (await server.ssrLoadModule('/prerender.tsx')) as {
      renderPage: RenderPage;
    };
    const drawn = new Map<string, string>();
    for (const path of paths) drawn.set(path, await renderPage(path));
    return drawn;
  } finally {
    await server.close();
  }
}

/**
 * Writes a document per address of the app (src/shared/page-shells.ts), which the server sends
 * instead of the bare index.html. Each fetches its page's own chunks at once, beside the entry,
 * instead of after the entry has run: on a slow connection that chain of requests was most of the
 * wait for a page. The public pages (`prerender` in pages.ts) come drawn, so their text shows
 * before any script has run (docs/decisions/010-pages-drawn-at-build-time.md).
 */
export function pageShellsPlugin(pages: readonly PageDefinition[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal-page-shells',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(_options, bundle) {
      // The service worker's own build (vite-plugin-pwa) has no page.
      if (!('index.html' in bundle)) return;
      const chunks = new Map<string, ChunkNode>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      }
      const outDir = config.build.outDir;
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      const own = pages.filter(hasOwnDocument);
      const drawn = await drawPages(
        config,
        own.filter((page) => page.prerender).map((page) => page.path),
      );
      const dir = join(outDir, PAGE_SHELLS_DIR);
      mkdirSync(dir, { recursive: true });
      const index: PageShellIndex = {};
      const write = (fileName: string, html: string) => {
        writeFileSync(join(dir, fileName), html);
        writeCompressedCopies(join(dir, fileName));
        return fileName;
      };
      for (const page of own) {
        const preload = chunksBeyondEntry(chunks, modulesOf(page, config.root));
        const stem = fileStem(page.path);
        const markup = drawn.get(page.path);
        index[page.path] = {
          shell: write(`${stem}.html`, shellHtml(template, { preload })),
          ...(markup === undefined
            ? {}
            : { drawn: write(`${stem}.drawn.html`, shellHtml(template, { preload, markup })) }),
        };
      }
      writeFileSync(join(dir, PAGE_SHELLS_INDEX), JSON.stringify(index, null, 2));
    },
  };
}
