import { API_PATHS } from '../../../shared/api-paths.js';
import { ZStudentLanguageSchema } from '../../../shared/language.js';
import { DEFAULT_LANGUAGE, type TLanguage } from '../../../shared/languages.js';
import { toast } from '../../hooks/use-toast.js';
import { apiRequest } from '../api-client.js';
import { i18n } from './i18n.js';

/** Stores the signed-in student's language on their account (PUT /api/language). */
async function saveAccountLanguage(language: TLanguage): Promise<void> {
  await apiRequest('PUT', API_PATHS.studentLanguage, { language });
}

/**
 * Keeps a choice made on this device on the student's account too; says so when the account
 * could not keep it (the device shows it all the same).
 */
export async function keepOnAccount(language: TLanguage): Promise<void> {
  try {
    await saveAccountLanguage(language);
  } catch {
    toast({
      variant: 'destructive',
      title: i18n._({ id: 'language.not-saved.title', message: 'Language not saved' }),
      description: i18n._({
        id: 'language.not-saved.description',
        message:
          'This device shows the language you chose, but your account could not keep it. Choose it again later.',
      }),
    });
  }
}

/**
 * The language a device shows once its student has signed in: the account's, so every device
 * follows a choice made on one. An account still in English (the default) has no choice yet, so
 * it takes this device's language instead and is told of it. Answers null to keep the device's.
 */
export async function reconcileAccountLanguage(device: TLanguage): Promise<TLanguage | null> {
  const res = await apiRequest('GET', API_PATHS.studentLanguage);
  const { language } = ZStudentLanguageSchema.parse(await res.json());
  if (language !== DEFAULT_LANGUAGE) return language === device ? null : language;
  if (device !== DEFAULT_LANGUAGE) await saveAccountLanguage(device);
  return null;
}
