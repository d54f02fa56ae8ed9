/**
 * The staff console's code in the build: every chunk holding a module of src/web/console is
 * named `console-…` (vite.config.ts), whatever the bundler decides to put with it, so the
 * page-weight check (bench/page-weight.ts) can tell from a page's document alone whether a
 * student page would fetch console code, and the service worker's precache can leave it out.
 */
export const CONSOLE_CHUNK_PREFIX = 'console-';

const CONSOLE_SOURCE = '/src/web/console/';

export const isConsoleModule = (moduleId: string) =>
  moduleId.replaceAll('\\', '/').includes(CONSOLE_SOURCE);

/** Vite's own pattern (`assets/[name]-[hash].js`), with the prefix for a chunk of the console. */
export function chunkFileName(chunk: { moduleIds: readonly string[] }): string {
  const prefix = chunk.moduleIds.some(isConsoleModule) ? CONSOLE_CHUNK_PREFIX : '';
  return `assets/${prefix}[name]-[hash].js`;
}

/** Whether a built file (`assets/console-app-1a2b.js`) holds console code. */
export const isConsoleFile = (fileName: string) =>
  fileName.replace(/^.*\//, '').startsWith(CONSOLE_CHUNK_PREFIX);
