import { useSyncExternalStore } from 'react';
import { i18n, subscribe } from './i18n.js';

const currentLocale = () => i18n.locale;

/**
 * The app's texts in a component, as Lingui's hook of that name gives them
 * (`const { i18n } = useLingui()`): a change of language re-renders the component.
 */
export function useLingui(): { i18n: typeof i18n } {
  // Pages drawn at build time are drawn in English, the locale before any activation.
  useSyncExternalStore(subscribe, currentLocale, currentLocale);
  return { i18n };
}
