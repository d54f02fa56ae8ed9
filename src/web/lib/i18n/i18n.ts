import { i18n } from '@lingui/core';
import { DEFAULT_LANGUAGE } from '../../../shared/languages.js';
import { compileEnglish } from './compile-english.js';

// English from the code, compiled as it is first used: no English catalogue is fetched.
i18n.setMessagesCompiler(compileEnglish);
i18n.loadAndActivate({ locale: DEFAULT_LANGUAGE, messages: {} });

/**
 * The app's one Lingui instance, in English until activateLanguage (activate-language.ts) shows
 * another language.
 */
export { i18n };
