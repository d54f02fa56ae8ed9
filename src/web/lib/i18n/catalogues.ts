import type { Messages } from '@lingui/core';

/**
 * The web app's catalogue of every language but English, compiled at build time
 * (`npm run i18n:compile`), each in a chunk of its own that only a reader of that language
 * fetches. This table of them is itself fetched only by a reader of another language than
 * English: on the landing page it weighed 1 kB (gzip) with the loader it needs (docs/performance.md).
 */
const catalogues = import.meta.glob<{ messages: Messages }>([
  '../../../shared/locales/*/web.ts',
  '!../../../shared/locales/en/web.ts',
]);

/** The compiled messages of `language`'s web catalogue; none for English, which is in the code. */
export async function loadCatalogue(language: string): Promise<Messages> {
  const load = catalogues[`../../../shared/locales/${language}/web.ts`];
  return load ? (await load()).messages : {};
}
