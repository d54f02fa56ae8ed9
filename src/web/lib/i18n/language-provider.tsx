import { createContext, use, useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '../../../shared/languages.js';
import { toast } from '../../hooks/use-toast.js';
import { useAuth } from '../auth.js';
import { activateLanguage } from './activate-language.js';
import { i18n } from './i18n.js';
import { rememberLanguage } from './language-choice.js';
import { useLingui } from './use-lingui.js';

interface LanguageState {
  /** The language the app shows now. */
  language: TLanguage;
  /** Shows the app in `language` without a reload, remembers it here and on the account. */
  chooseLanguage: (language: TLanguage) => void;
}

const LanguageContext = createContext<LanguageState | null>(null);

/**
 * The app's texts in the reader's language (Lingui, docs/decisions/021), and the choice of it:
 * remembered on the device, and for a signed-in student on their account, which a device follows
 * when its student signs in.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  // Read through the hook, so the language given below follows each change.
  useLingui();
  const language = shownLanguage();
  const studentId = useSignedInStudentId();

  useEffect(() => {
    if (studentId === null) return;
    void import('./account-language.js')
      .then(({ reconcileAccountLanguage }) => reconcileAccountLanguage(shownLanguage()))
      .then((accountLanguage) => {
        if (accountLanguage === null) return;
        rememberLanguage(accountLanguage);
        return activateLanguage(accountLanguage);
      })
      // The device keeps its own language: the student asked for nothing that failed.
      .catch(() => undefined);
    // Once per sign-in: a later choice on this device is saved as it is made.
  }, [studentId]);

  const chooseLanguage = useCallback(
    (chosen: TLanguage) => {
      activateLanguage(chosen).then(
        () => {
          rememberLanguage(chosen);
          if (studentId === null) return;
          void import('./account-language.js')
            .then(({ keepOnAccount }) => keepOnAccount(chosen))
            // Offline before its code arrived: the choice stays on this device, as it does offline.
            .catch(() => undefined);
        },
        () => {
          toast({
            variant: 'destructive',
            title: i18n._({ id: 'language.not-loaded.title', message: 'Language not changed' }),
            description: i18n._({
              id: 'language.not-loaded.description',
              message:
                'This language could not be loaded. Check your internet connection and try again.',
            }),
          });
        },
      );
    },
    [studentId],
  );

  const value = useMemo(() => ({ language, chooseLanguage }), [language, chooseLanguage]);
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

const shownLanguage = (): TLanguage => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);

/** A full session of a verified student, whose account keeps a language; else null. */
function useSignedInStudentId(): string | null {
  const { status, user } = useAuth();
  const signedIn =
    status === 'authenticated' && user?.sessionScope === 'student' && user.faceVerified;
  return signedIn ? user.id : null;
}

export function useLanguage(): LanguageState {
  const state = use(LanguageContext);
  if (!state) throw new Error('useLanguage must be used inside <LanguageProvider>.');
  return state;
}
