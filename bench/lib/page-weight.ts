/**
 * What a first load of a page transfers: the entry chunk of index.html with everything it imports
 * statically, plus the page's own lazy route chunk with its static imports, and the stylesheets
 * of all of them. Read from the production build (dist/web) and Vite's manifest, gzipped the way
 * `vite build` reports sizes. The service worker's precache downloads after load and is not
 * counted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchRow } from './bench-rows.js';
import { verdict } from './bench-rows.js';

/**
 * DESIGN.md: "Landing page JavaScript at first load: 100 KB gzipped or less", enforced by
 * `npm test` (page-weight.ts --check). kB = 1,000 bytes, as Vite prints.
 */
export const LANDING_JS_BUDGET_KB = 100;

interface Page {
  path: string;
  /** The route's lazy module, as a key of Vite's manifest (relative to src/web). */
  route: string;
  /** Shared chunks the entry imports dynamically that this page cannot render without, by name. */
  alsoLoads?: readonly string[];
}

export const PAGES: readonly Page[] = [
  { path: '/', route: 'app/routes/welcome.tsx' },
  // Every page but the welcome screen loads the query layer (TanStack Query) beside its own chunk
  // (src/web/app/routes.tsx).
  { path: '/signup', route: 'app/routes/signup.tsx', alsoLoads: ['query-layer'] },
  // A signed-in first load checks the stored session first, which loads the auth schemas (the
  // 'auth' chunk, with zod) in lib/auth.tsx before the dashboard can render.
  { path: '/dashboard', route: 'app/routes/dashboard.tsx', alsoLoads: ['auth', 'query-layer'] },
];

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageWeight {
  path: string;
  jsBytes: number;
  cssBytes: number;
  files: string[];
}

const gzippedSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export function readManifest(distDir: string): Manifest {
  const file = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file))
    throw new Error(`${file} is missing: build the web app first (npm run build:web).`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The manifest key of the chunk index.html loads, checked against index.html's script tag. */
function entryKey(distDir: string, manifest: Manifest): string {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const script = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry === true);
  if (!key || manifest[key]?.file !== script)
    throw new Error(`index.html loads ${String(script)}, not the manifest's entry ${String(key)}.`);
  return key;
}

/** Every chunk file and stylesheet a set of modules loads before it can run. */
function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest: was the route renamed?`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

export function measurePageWeights(distDir: string): PageWeight[] {
  const manifest = readManifest(distDir);
  const entry = entryKey(distDir, manifest);
  const dynamicOfEntry = manifest[entry]?.dynamicImports ?? [];
  const sharedChunk = (name: string) => {
    const key = dynamicOfEntry.find((k) => manifest[k]?.name === name);
    if (!key) throw new Error(`The entry imports no chunk named ${name}.`);
    return key;
  };
  return PAGES.map(({ path, route, alsoLoads = [] }) => {
    const keys = [entry, route, ...alsoLoads.map(sharedChunk)];
    const files = [...staticClosure(manifest, keys)].sort();
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
