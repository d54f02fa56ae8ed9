/**
 * What a first load of a page transfers: the scripts and stylesheets its document (the build's
 * page shell, scripts/page-shells, which the server sends for the address) tells the browser to
 * fetch: the entry with its imports, the page's own chunks (modulepreload), the stylesheet. Read
 * from the production build (dist/web), gzipped the way `vite build` reports sizes. The service
 * worker's precache downloads after load and is not counted.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  PAGE_SHELLS_DIR,
  PAGE_SHELLS_INDEX,
  type PageShellIndex,
} from '../../src/shared/page-shells.js';
import { isConsoleFile } from '../../scripts/page-shells/console-chunks.js';
import type { BenchRow } from './bench-rows.js';
import { verdict } from './bench-rows.js';

/**
 * DESIGN.md: "Landing page JavaScript at first load: 100 KB gzipped or less", enforced by
 * `npm test` (page-weight.ts --check). kB = 1,000 bytes, as Vite prints.
 */
export const LANDING_JS_BUDGET_KB = 100;

/** Issue 28: every student page other than the landing page, in every language. */
export const STUDENT_PAGE_JS_BUDGET_KB = 125;

/** The JavaScript budget of a page's first load, kB (gzip). */
export const jsBudgetKb = (path: string) =>
  path === '/' ? LANDING_JS_BUDGET_KB : STUDENT_PAGE_JS_BUDGET_KB;

/**
 * Every student page with a document of its own (the build's page shells): the welcome page, the
 * onboarding, sign-in and signed-in pages. Not the aliases (/login and /webauthn draw the sign-in
 * page) nor /pwa-debug, a diagnostics page.
 */
export const PAGE_PATHS = [
  '/',
  '/signup',
  '/waitlist',
  '/face-verification',
  '/webauthn-login',
  '/dashboard',
  '/applications',
  '/messages',
  '/profile',
  '/actions',
  '/help',
  '/moi',
] as const;

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

/** The files a document asks for as it loads, each once, sorted. */
function fetchedFiles(distDir: string, document: string): string[] {
  const html = readFileSync(join(distDir, document), 'utf8');
  return [...new Set([...html.matchAll(FETCHED)].map((match) => match[1] ?? ''))].sort();
}

export function measurePageWeights(distDir: string): PageWeight[] {
  const shells = readShellIndex(distDir);
  return PAGE_PATHS.map((path) => {
    const shell = shells[path];
    if (!shell) throw new Error(`The build wrote no document for ${path}.`);
    // What a visitor without a query string gets: the drawn page where there is one.
    const files = fetchedFiles(distDir, join(PAGE_SHELLS_DIR, shell.drawn ?? shell.shell));
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

/**
 * Where the staff console's code would load on a student page: every document the server sends
 * for a student address (each page's shell, drawn or not, and index.html, which serves the
 * addresses with parameters and the console's own), with each console file it asks for. The
 * console's chunks are named by what they hold (scripts/page-shells/console-chunks.ts), so a
 * console module that the bundler put in a chunk a student page loads shows here by that chunk's
 * name. Empty when the split holds; throws when the build has no console chunk at all, since the
 * check could then not see one.
 */
export function consoleCodeOnStudentPages(distDir: string): string[] {
  const assets = readdirSync(join(distDir, 'assets'));
  if (!assets.some((file) => isConsoleFile(file) && file.endsWith('.js')))
    throw new Error(
      `${join(distDir, 'assets')} has no console-… chunk: the console's chunk naming (vite.config.ts) is broken, so the check cannot tell its code from the student pages'.`,
    );
  const documents: [string, string][] = [['index.html', 'index.html']];
  for (const [path, shell] of Object.entries(readShellIndex(distDir))) {
    documents.push([path, join(PAGE_SHELLS_DIR, shell.shell)]);
    if (shell.drawn) documents.push([`${path} (drawn)`, join(PAGE_SHELLS_DIR, shell.drawn)]);
  }
  return documents.flatMap(([address, document]) =>
    fetchedFiles(distDir, document)
      .filter(isConsoleFile)
      .map((file) => `${address}: ${file}`),
  );
}

export const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function pageWeightRows(weights: readonly PageWeight[]): BenchRow[] {
  return weights.flatMap((page) => {
    const budgetKb = jsBudgetKb(page.path);
    return [
      {
        figure: `JavaScript for ${page.path}, first load (gzip)`,
        value: kilobytes(page.jsBytes),
        budget: `<= ${budgetKb} kB`,
        result: verdict(page.jsBytes <= budgetKb * 1000),
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
