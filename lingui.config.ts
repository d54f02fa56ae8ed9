import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { DEFAULT_LANGUAGE, LANGUAGES } from './src/shared/languages.js';

/**
 * The pseudo-language: every text wrapped and lengthened by 40%, so a test can see a text that
 * did not come from a catalogue, or one cut off on a narrow screen. Never offered to anyone.
 */
export const PSEUDO_LOCALE = 'en-XA';

/**
 * The message catalogues of the whole portal (docs/decisions/021): English is the source, written
 * in the code beside each message's id; every other language's translations live in
 * src/shared/locales/<language>/<catalogue>.po, compiled to <catalogue>.ts (npm run i18n:compile)
 * for the runtime. One catalogue per part that loads on its own, so a page or an e-mail loads
 * only its own texts: `notifications` for the e-mails and pushes the server writes, `web` for the
 * student side of the web app (each language's a chunk of its own, fetched by its readers only).
 */
export default defineConfig({
  sourceLocale: DEFAULT_LANGUAGE,
  locales: [...LANGUAGES, PSEUDO_LOCALE],
  // A text not translated yet is written in English.
  fallbackLocales: { default: DEFAULT_LANGUAGE },
  // Lengthened with a visible character: spaces would collapse on a page.
  pseudoLocale: {
    locale: PSEUDO_LOCALE,
    prepend: '⟦',
    append: '⟧',
    extend: 0.4,
    extendCharacter: '~',
  },
  catalogs: [
    {
      path: '<rootDir>/src/shared/locales/{locale}/notifications',
      include: [
        '<rootDir>/src/server/modules/notifications',
        '<rootDir>/src/shared/notifications.ts',
      ],
      exclude: ['**/*.test.ts'],
    },
    {
      // The student side of the web app; the staff console stays in English for now.
      path: '<rootDir>/src/shared/locales/{locale}/web',
      include: ['<rootDir>/src/web'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/web/console/**'],
    },
  ],
  // Origins without line numbers, and messages in the order of their ids (a notification's
  // texts side by side): a catalogue changes when a text does, not when code moves.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  compileNamespace: 'ts',
});
