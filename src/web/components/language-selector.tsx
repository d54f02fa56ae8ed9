import { Languages } from 'lucide-react';
import { useId } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '../../shared/languages.js';
import { cn } from '../lib/cn.js';
import { useLanguage } from '../lib/i18n/language-provider.js';
import { useLingui } from '../lib/i18n/use-lingui.js';

/**
 * The "Language" choice of every page's header: the phone's own picker, each language named in
 * itself (and marked as such, so a screen reader reads 中文 as Chinese), applied at once without
 * a reload. On a phone the header has room for its icon alone: the select covers the icon, its
 * text hidden, and still opens the picker of names; wider screens show the language's name too.
 */
export function LanguageSelector() {
  const id = useId();
  const { i18n } = useLingui();
  const { language, chooseLanguage } = useLanguage();
  return (
    <div className="relative flex shrink-0 items-center">
      <label htmlFor={id} className="sr-only">
        {i18n._({ id: 'language.label', message: 'Language' })}
      </label>
      <Languages
        aria-hidden="true"
        className="pointer-events-none absolute start-3 size-5 text-muted-foreground"
      />
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) chooseLanguage(event.target.value);
        }}
        className={cn(
          'h-11 w-11 appearance-none rounded-lg border border-border-strong bg-transparent text-base shadow-xs',
          'text-transparent sm:w-auto sm:ps-10 sm:pe-3 sm:text-foreground [&>option]:text-foreground',
          'transition-[color,box-shadow] outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/40',
        )}
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
