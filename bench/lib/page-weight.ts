/**
 * What a first load of a page transfers: the scripts and stylesheets its document (the build's
 * page shell, scripts/page-shells, which the server sends for the address) tells the browser to
 * fetch: the entry with its imports, the page's own chunks (modulepreload), the stylesheet. Read
 * from the production build (dist/web), gzipped the way `vite build` reports sizes. The service
 * worker's precache downloads after load and is not counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  PAGE_SHELLS_DIR,
  PAGE_SHELLS_INDEX,
  type PageShellIndex,
} from '../../src/shared/page-shells.js';
import type { BenchRow } from './bench-rows.js';
import { verdict } from './bench-rows.js';

/**
 * DESIGN.md: "Landing page JavaScript at first load: 100 KB gzipped or less", enforced by
 * `npm test` (page-weight.ts --check). kB = 1,000 bytes, as Vite prints.
 */
export const LANDING_JS_BUDGET_KB = 100;

/** The welcome page, the first form a student fills in, and the signed-in home. */
export const PAGE_PATHS = ['/', '/signup', '/dashboard'] as const;

export interface PageWeight {
  path: string;
  jsBytes: number;
  cssBytes: number;
  files: string[];
}

const gzippedSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The files a document fetches as it loads: module scripts, module preloads, stylesheets. */
const FETCHED =
  /<(?:script type="module"[^>]*\ssrc|link rel="(?:modulepreload|stylesheet)"[^>]*\shref)="\/([^"]+)"/g;

function readShellIndex(distDir: string): PageShellIndex {
  const file = join(distDir, PAGE_SHELLS_DIR, PAGE_SHELLS_INDEX);
  if (!existsSync(file))
    throw new Error(`${file} is missing: build the web app first (npm run build:web).`);
  return JSON.parse(readFileSync(file, 'utf8')) as PageShellIndex;
}

export function measurePageWeights(distDir: string): PageWeight[] {
  const shells = readShellIndex(distDir);
  return PAGE_PATHS.map((path) => {
    const shell = shells[path];
    if (!shell) throw new Error(`The build wrote no document for ${path}.`);
    // What a visitor without a query string gets: the drawn page where there is one.
    const html = readFileSync(join(distDir, PAGE_SHELLS_DIR, shell.drawn ?? shell.shell), 'utf8');
    const files = [...new Set([...html.matchAll(FETCHED)].map((match) => match[1] ?? ''))].sort();
    let jsBytes = 0;
    let cssBytes = 0;
    for (const file of files) {
      const size = gzippedSize(join(distDir, file));
      if (file.endsWith('.css')) cssBytes += size;
      else jsBytes += size;
    }
    return { path, jsBytes, cssBytes, files };
  });
}

export const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function pageWeightRows(weights: readonly PageWeight[]): BenchRow[] {
  return weights.flatMap((page) => {
    const landing = page.path === '/';
    return [
      {
        figure: `JavaScript for ${page.path}, first load (gzip)`,
        value: kilobytes(page.jsBytes),
        budget: landing ? `<= ${LANDING_JS_BUDGET_KB} kB` : '',
        result: landing ? verdict(page.jsBytes <= LANDING_JS_BUDGET_KB * 1000) : '',
      },
      {
        figure: `CSS for ${page.path}, first load (gzip)`,
        value: kilobytes(page.cssBytes),
        budget: '',
        result: '',
      },
    ];
  });
}
