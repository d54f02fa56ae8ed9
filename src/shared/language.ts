import { z } from 'zod';
import { LANGUAGES } from './languages.js';

/** The signed-in student's language, as the language route reads and sets it. */
export const ZStudentLanguageSchema = z.object({ language: z.enum(LANGUAGES) });
export type TStudentLanguage = z.infer<typeof ZStudentLanguageSchema>;
