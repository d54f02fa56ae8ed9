import type { I18n, Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, textDirectionOf, type TLanguage } from '../../../shared/languages.js';
import { compileEnglish } from './compile-english.js';
import { showThrough } from './i18n.js';

/**
 * The web app's catalogue of every language but English, compiled at build time
 * (`npm run i18n:compile`), each in a chunk of its own that only a reader of that language
 * fetches. English is the text written beside each id in the code (docs/decisions/021).
 */
const catalogues = import.meta.glob<{ messages: Messages }>([
  '../../../shared/locales/*/web.ts',
  '!../../../shared/locales/en/web.ts',
]);

async function catalogueOf(language: string): Promise<Messages> {
  const load = catalogues[`../../../shared/locales/${language}/web.ts`];
  return load ? (await load()).messages : {};
}

/** Lingui's runtime in `language`, fetched with its catalogue: English needs neither. */
async function linguiIn(language: string): Promise<I18n> {
  const [{ setupI18n }, messages] = await Promise.all([
    import('@lingui/core'),
    catalogueOf(language),
  ]);
  const runtime = setupI18n({ locale: language, messages: { [language]: messages } });
  // A text the catalogue lacks shows in English, compiled as English is.
  runtime.setMessagesCompiler(compileEnglish);
  return runtime;
}

/** The page's language and direction, for the browser, screen readers and the layout (`dir`). */
function markDocument(language: string, direction: 'ltr' | 'rtl'): void {
  document.documentElement.lang = language;
  document.documentElement.dir = direction;
}

/** The last language asked for: a slow catalogue that arrives after a newer choice is dropped. */
let wanted: string = DEFAULT_LANGUAGE;

/**
 * Kept apart from i18n.ts, which code loaded on its own imports too (the service worker's update
 * prompt): a chunk that reaches the loader of dynamic imports but not React made the bundler
 * split that loader off the landing page's main chunk, a file more to fetch (docs/performance.md).
 *
 * Shows the app in `language` (or the pseudo-language of the tests), fetching Lingui's runtime
 * and the catalogue the first time, without reloading the page: every text read through
 * useLingui (use-lingui.ts) re-renders.
 */
export async function activateLanguage(language: TLanguage | 'en-XA'): Promise<void> {
  wanted = language;
  const runtime = language === DEFAULT_LANGUAGE ? null : await linguiIn(language);
  if (wanted !== language) return;
  showThrough(runtime);
  markDocument(language, language === 'en-XA' ? 'ltr' : textDirectionOf(language));
}
