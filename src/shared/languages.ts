/**
 * The languages the student side speaks (issue 27), by BCP 47 tag. A student's language is kept
 * on the student: it is what their e-mails and push notifications are written in.
 */
export const LANGUAGES = [
  'en',
  'zh-Hans',
  'hi',
  'ko',
  'vi',
  'bn',
  'ne',
  'pt-BR',
  'es',
  'ar',
] as const;
export type TLanguage = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: TLanguage = 'en';

/** The languages written right to left: their pages and e-mails are laid out that way (`dir`). */
const RIGHT_TO_LEFT_LANGUAGES: readonly TLanguage[] = ['ar'];

export const textDirectionOf = (language: TLanguage): 'ltr' | 'rtl' =>
  RIGHT_TO_LEFT_LANGUAGES.includes(language) ? 'rtl' : 'ltr';

/**
 * Each language's name in itself, as the "Language" selector shows it: a reader finds their own
 * language by the script they read, whatever language the page is in now.
 */
export const LANGUAGE_NAMES: Readonly<Record<TLanguage, string>> = {
  en: 'English',
  'zh-Hans': '简体中文',
  hi: 'हिन्दी',
  ko: '한국어',
  vi: 'Tiếng Việt',
  bn: 'বাংলা',
  ne: 'नेपाली',
  'pt-BR': 'Português do Brasil',
  es: 'Español',
  ar: 'العربية',
};

export const isLanguage = (value: unknown): value is TLanguage =>
  (LANGUAGES as readonly unknown[]).includes(value);
