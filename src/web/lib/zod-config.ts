import type { $ZodConfig } from 'zod/v4/core';

/** Where zod keeps the config `z.config()` writes, shared by every copy of zod on the page. */
type WithZodConfig = typeof globalThis & { __zod_globalConfig?: $ZodConfig };

/**
 * `z.config({ jitless: true })` before any schema exists. Zod 4 compiles fast object parsers
 * with `new Function`, and probes whether it may when a schema is built; the app's
 * Content-Security-Policy has no 'unsafe-eval', so the browser refuses the probe and logs (and
 * reports) a CSP violation on every page with a schema. jitless skips the probe and the compiled
 * path; parsing gives the same results, a little slower.
 *
 * Written to zod's global config object rather than through `z.config`: zod adopts an object
 * placed there before it loads (documented on `__zod_globalConfig` in zod/v4/core/core.ts), so the
 * welcome page's entry sets it for a few bytes, where importing `config` would add 3.7 kB of zod
 * to the entry. Every schema loads later, with the pages that need it.
 */
export function configureZod(): void {
  const page = globalThis as WithZodConfig;
  // The same object if zod has loaded already, so it sees the change as z.config() would.
  page.__zod_globalConfig = Object.assign(page.__zod_globalConfig ?? {}, { jitless: true });
}
