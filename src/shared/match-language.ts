import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from './languages.js';

/**
 * Chinese in the traditional script, which the portal does not offer: named by its script, or by
 * a region that writes it (Taiwan, Hong Kong, Macau) when the tag names no script.
 */
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)(-|$)/;

/** The portal's language for one BCP 47 tag, or null when it offers none that fits. */
function languageOfTag(tag: string): TLanguage | null {
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) return TRADITIONAL_CHINESE.test(lower) ? null : 'zh-Hans';
  const base = lower.split('-')[0];
  // Portuguese is offered as Brazil's, which a reader of any Portuguese reads.
  if (base === 'pt') return 'pt-BR';
  return LANGUAGES.find((language) => language === base) ?? null;
}

/**
 * The first of the reader's preferred languages (the browser's `navigator.languages`, in order)
 * that the portal speaks, matched by language and, for Chinese, by script or region; English
 * when none is.
 */
export function matchLanguage(preferred: readonly string[]): TLanguage {
  for (const tag of preferred) {
    const language = languageOfTag(tag.trim());
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
