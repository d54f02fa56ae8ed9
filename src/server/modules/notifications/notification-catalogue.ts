import { type MessageDescriptor, type Messages, setupI18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage } from '../../../shared/languages.js';
import { messages as ar } from '../../../shared/locales/ar/notifications.js';
import { messages as bn } from '../../../shared/locales/bn/notifications.js';
import { messages as en } from '../../../shared/locales/en/notifications.js';
import { messages as es } from '../../../shared/locales/es/notifications.js';
import { messages as hi } from '../../../shared/locales/hi/notifications.js';
import { messages as ko } from '../../../shared/locales/ko/notifications.js';
import { messages as ne } from '../../../shared/locales/ne/notifications.js';
import { messages as ptBR } from '../../../shared/locales/pt-BR/notifications.js';
import { messages as vi } from '../../../shared/locales/vi/notifications.js';
import { messages as zhHans } from '../../../shared/locales/zh-Hans/notifications.js';

/**
 * The `notifications` catalogue of every language, as `npm run i18n:compile` wrote it from
 * src/shared/locales (docs/decisions/021). A text not translated yet is compiled in English.
 */
const CATALOGUES: Record<TLanguage, Messages> = {
  en,
  'zh-Hans': zhHans,
  hi,
  ko,
  vi,
  bn,
  ne,
  'pt-BR': ptBR,
  es,
  ar,
};

/**
 * What a notification's texts are written with: the catalogue's lookup of a message (its English
 * source and id in the code, its `values` the ICU placeholders), and the language it writes in,
 * which dates follow.
 */
export interface NotificationI18n {
  readonly locale: string;
  _(descriptor: MessageDescriptor): string;
}

/** The catalogue in English: staff e-mails, the console's list of failed notifications. */
export const englishI18n: NotificationI18n = setupI18n({
  locale: DEFAULT_LANGUAGE,
  messages: { [DEFAULT_LANGUAGE]: en },
});

const I18N_BY_LANGUAGE = new Map(
  LANGUAGES.map((language) => [
    language,
    setupI18n({ locale: language, messages: { [language]: CATALOGUES[language] } }),
  ]),
);

const i18nOf = (language: TLanguage): NotificationI18n =>
  I18N_BY_LANGUAGE.get(language) ?? englishI18n;

/**
 * The messages each language's catalogue translates, by id: compiling copies the English text
 * into a message not translated yet, and a translation the same as the English is refused by
 * the catalogue check (scripts/i18n/catalogue-check.ts), so a copy of the English is untranslated.
 */
const TRANSLATED_BY_LANGUAGE = new Map(
  LANGUAGES.map((language) => [
    language,
    new Set(
      Object.entries(CATALOGUES[language])
        .filter(([id, own]) => JSON.stringify(own) !== JSON.stringify(en[id]))
        .map(([id]) => id),
    ),
  ]),
);

/**
 * Writes a notification in the recipient's language where its catalogue translates every message
 * the notification uses, and in English otherwise: one e-mail is in one language, so its
 * `<html lang>` and `dir` are true and no sentence turns up in a language the rest is not in.
 * Answers the texts and the language they are in.
 */
export function writeInLanguageOf<T>(
  language: TLanguage,
  write: (i18n: NotificationI18n) => T,
): { language: TLanguage; texts: T } {
  const i18n = i18nOf(language);
  if (language === DEFAULT_LANGUAGE) return { language, texts: write(i18n) };
  const translatedIds = TRANSLATED_BY_LANGUAGE.get(language);
  const untranslated = new Set<string>();
  const texts = write({
    locale: i18n.locale,
    _: (descriptor) => {
      if (!translatedIds?.has(descriptor.id)) untranslated.add(descriptor.id);
      return i18n._(descriptor);
    },
  });
  return untranslated.size === 0
    ? { language, texts }
    : { language: DEFAULT_LANGUAGE, texts: write(englishI18n) };
}
