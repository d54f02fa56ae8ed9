import { isLanguage, type TLanguage } from '../../../shared/languages.js';
import { matchLanguage } from '../../../shared/match-language.js';
import { readStorage, writeStorage } from '../browser-storage.js';
import { LOCAL_STORAGE_KEYS } from '../storage-keys.js';

/** The language chosen on this device, if one was. */
export function rememberedLanguage(): TLanguage | null {
  const stored = readStorage('local', LOCAL_STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : null;
}

/** The language a visit starts in: the one chosen on this device, else the browser's. */
export const startingLanguage = (): TLanguage =>
  rememberedLanguage() ?? matchLanguage(navigator.languages);

export function rememberLanguage(language: TLanguage): void {
  writeStorage('local', LOCAL_STORAGE_KEYS.language, language);
}
