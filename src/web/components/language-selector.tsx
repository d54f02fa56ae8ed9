import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '../../shared/languages.js';
import { useLanguage } from '../lib/i18n/language-provider.js';
import { Select } from './ui/select.js';

/**
 * The "Language" choice of every page's header: the phone's own picker, each language named in
 * itself (and marked as such, so a screen reader reads 中文 as Chinese), applied at once without
 * a reload.
 */
export function LanguageSelector() {
  const id = useId();
  const { i18n } = useLingui();
  const { language, chooseLanguage } = useLanguage();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {i18n._({ id: 'language.label', message: 'Language' })}
      </label>
      <Select
        id={id}
        value={language}
        className="w-auto max-w-32 sm:max-w-none"
        onChange={(event) => {
          if (isLanguage(event.target.value)) chooseLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </Select>
    </div>
  );
}
