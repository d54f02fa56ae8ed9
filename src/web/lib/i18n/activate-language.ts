import { DEFAULT_LANGUAGE, textDirectionOf, type TLanguage } from '../../../shared/languages.js';
import { i18n } from './i18n.js';

/** The page's language and direction, for the browser, screen readers and the layout (`dir`). */
function markDocument(language: string, direction: 'ltr' | 'rtl'): void {
  document.documentElement.lang = language;
  document.documentElement.dir = direction;
}

/** The last language asked for: a slow catalogue that arrives after a newer choice is dropped. */
let wanted: string = DEFAULT_LANGUAGE;

/**
 * Kept apart from i18n.ts, which the lazily loaded pages import too: a dynamic import there made
 * the bundler split its loader off the landing page's main chunk, a file more to fetch.
 *
 * Shows the app in `language` (or the pseudo-language of the tests), fetching its catalogue the
 * first time, without reloading the page: every text read through Lingui re-renders.
 */
export async function activateLanguage(language: TLanguage | 'en-XA'): Promise<void> {
  wanted = language;
  const messages =
    language === DEFAULT_LANGUAGE
      ? {}
      : await import('./catalogues.js').then(({ loadCatalogue }) => loadCatalogue(language));
  if (wanted !== language) return;
  i18n.loadAndActivate({ locale: language, messages });
  markDocument(language, language === 'en-XA' ? 'ltr' : textDirectionOf(language));
}
