import { z } from 'zod';
import { PASSPORT_MIN_LENGTH, SIGNUP_VALIDATION_MESSAGES } from './onboarding.js';

/** Spec section 3, "Profile enumerations": what the form's selects offer. */
export const VISA_STATUSES = ['F-1', 'J-1', 'M-1', 'H-1B', 'Other'] as const;
export const EMERGENCY_CONTACT_RELATIONS = [
  'Parent',
  'Guardian',
  'Spouse',
  'Sibling',
  'Friend',
  'Other',
] as const;
export const EDUCATION_LEVELS = [
  'High School',
  "Associate's Degree",
  "Bachelor's Degree",
  "Master's Degree",
  'Doctoral Degree',
  'Other',
] as const;
export const ENGLISH_PROFICIENCIES = [
  'TOEFL-iBT-100+',
  'TOEFL-iBT-80-99',
  'TOEFL-iBT-60-79',
  'IELTS-7.0+',
  'IELTS-6.5',
  'IELTS-6.0',
  'Duolingo-120+',
  'Duolingo-105-119',
  'Native',
  'Other',
] as const;
export const HOUSING_PREFERENCES = [
  'On-Campus Dorm',
  'Off-Campus Apartment',
  'Homestay',
  'Shared Housing',
  'No Preference',
] as const;

/** Spec section 3: the country a profile starts with. */
export const DEFAULT_COUNTRY = 'United States';
/** The visa every student of this portal is applying for, so a new profile starts with it. */
export const DEFAULT_VISA_STATUS = 'F-1';

export const PHONE_MIN_DIGITS = 10;
export const ZIP_CODE_MIN_LENGTH = 5;

/** Long enough for any real value, short enough that a profile stays a form, not a document. */
export const PROFILE_LIMITS = {
  name: 100,
  email: 254,
  phone: 32,
  line: 200,
  zipCode: 16,
  passportNumber: 32,
  note: 2000,
} as const;

/**
 * Spec section 5, "Profile form": the rules' messages, verbatim where the spec gives one. Where it
 * says "no specific text" the message names the field, as the others do.
 */
export const PROFILE_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Invalid email address',
  phone: 'Phone number must be at least 10 digits',
  dateOfBirth: SIGNUP_VALIDATION_MESSAGES.dateOfBirth,
  dateOfBirthInvalid: 'Please enter a real date of birth, not in the future',
  streetAddress: 'Street address is required',
  city: 'City is required',
  state: 'State is required',
  zipCode: 'ZIP code must be at least 5 digits',
  country: 'Country is required',
  nationality: 'Nationality is required',
  passportNumber: 'Passport number is required',
  passportNumberShort: SIGNUP_VALIDATION_MESSAGES.passportNumber,
  visaStatus: 'Visa status is required',
  emergencyContactName: 'Emergency contact name is required',
  emergencyContactPhone: 'Emergency contact phone is required',
  emergencyContactRelation: 'Relationship is required',
  currentEducationLevel: 'Education level is required',
  intendedMajor: 'Intended major is required',
  englishProficiency: 'English proficiency is required',
  housingPreference: 'Please choose a housing preference from the list',
  phoneCharacters: 'Use only digits, spaces and + - ( ) . in a phone number',
  tooLong: (limit: number) => `Please use at most ${limit} characters`,
  notText: 'Please enter text',
  saveFailed: 'Your profile could not be saved. Please try again.',
  loadFailed: 'Unable to load your profile',
} as const;

/** A free-text field: trimmed, and required (with `required`'s message) unless it is optional. */
function text(limit: number, required?: string) {
  const field = z
    .string({ error: required ?? PROFILE_MESSAGES.notText })
    .trim()
    .max(limit, PROFILE_MESSAGES.tooLong(limit));
  return required ? field.min(1, required) : field;
}

/**
 * The spec's rule is "at least 10 characters", its message says digits: "+1 (555) 01" has ten
 * characters and only six digits, so the digits are what is counted.
 */
function phone(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(PROFILE_LIMITS.phone, PROFILE_MESSAGES.tooLong(PROFILE_LIMITS.phone))
    .refine((value) => (value.match(/\d/g) ?? []).length >= PHONE_MIN_DIGITS, message)
    .refine((value) => /^[\d\s+().-]*$/.test(value), PROFILE_MESSAGES.phoneCharacters);
}

/**
 * One of a select's options. The input is any string, so a form can start on its empty
 * "Select…" option; anything outside the list (the empty option included) gets `message`.
 */
function oneOf<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z.string({ error: message }).pipe(z.enum(options, { error: message }));
}

/** YYYY-MM-DD, a day that exists, in the past, and after 1900. */
function isPastDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    value >= '1900-01-01' &&
    date.getTime() <= Date.now()
  );
}

/**
 * PUT /api/profile and the profile form (spec sections 3 and 5): one schema for both, so the
 * server refuses exactly what the form does. Strict: an unknown field (another student's id, say)
 * is refused, never ignored. The selects' relationship, education, English test and housing
 * values are part of it: the spec says its form lost them, ours saves them.
 */
export const ZProfileUpdateRequestSchema = z
  .object({
    firstName: text(PROFILE_LIMITS.name, PROFILE_MESSAGES.firstName),
    lastName: text(PROFILE_LIMITS.name, PROFILE_MESSAGES.lastName),
    email: z
      .string({ error: PROFILE_MESSAGES.email })
      .trim()
      .max(PROFILE_LIMITS.email, PROFILE_MESSAGES.email)
      .pipe(z.email(PROFILE_MESSAGES.email)),
    phone: phone(PROFILE_MESSAGES.phone),
    dateOfBirth: z
      .string({ error: PROFILE_MESSAGES.dateOfBirth })
      .trim()
      .min(1, PROFILE_MESSAGES.dateOfBirth)
      .refine(isPastDate, PROFILE_MESSAGES.dateOfBirthInvalid),
    streetAddress: text(PROFILE_LIMITS.line, PROFILE_MESSAGES.streetAddress),
    city: text(PROFILE_LIMITS.name, PROFILE_MESSAGES.city),
    state: text(PROFILE_LIMITS.name, PROFILE_MESSAGES.state),
    zipCode: z
      .string({ error: PROFILE_MESSAGES.zipCode })
      .trim()
      .min(ZIP_CODE_MIN_LENGTH, PROFILE_MESSAGES.zipCode)
      .max(PROFILE_LIMITS.zipCode, PROFILE_MESSAGES.tooLong(PROFILE_LIMITS.zipCode)),
    country: text(PROFILE_LIMITS.name, PROFILE_MESSAGES.country),
    nationality: text(PROFILE_LIMITS.name, PROFILE_MESSAGES.nationality),
    passportNumber: text(PROFILE_LIMITS.passportNumber, PROFILE_MESSAGES.passportNumber).refine(
      (value) => value.length >= PASSPORT_MIN_LENGTH,
      PROFILE_MESSAGES.passportNumberShort,
    ),
    visaStatus: oneOf(VISA_STATUSES, PROFILE_MESSAGES.visaStatus),
    i20SchoolCode: text(PROFILE_LIMITS.name),
    emergencyContactName: text(PROFILE_LIMITS.name, PROFILE_MESSAGES.emergencyContactName),
    emergencyContactPhone: phone(PROFILE_MESSAGES.emergencyContactPhone),
    emergencyContactRelation: oneOf(
      EMERGENCY_CONTACT_RELATIONS,
      PROFILE_MESSAGES.emergencyContactRelation,
    ),
    currentEducationLevel: oneOf(EDUCATION_LEVELS, PROFILE_MESSAGES.currentEducationLevel),
    intendedMajor: text(PROFILE_LIMITS.line, PROFILE_MESSAGES.intendedMajor),
    englishProficiency: oneOf(ENGLISH_PROFICIENCIES, PROFILE_MESSAGES.englishProficiency),
    housingPreference: z.string({ error: PROFILE_MESSAGES.housingPreference }).pipe(
      z.union([z.enum(HOUSING_PREFERENCES), z.literal('')], {
        error: PROFILE_MESSAGES.housingPreference,
      }),
    ),
    dietaryRestrictions: text(PROFILE_LIMITS.note),
    medicalConditions: text(PROFILE_LIMITS.note),
    additionalNotes: text(PROFILE_LIMITS.note),
  })
  .strict();
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequestSchema>;

/**
 * GET /api/profile and PUT's answer: every field of spec section 3, as text. A field the student
 * has not filled in yet is '' (a select not chosen yet included), so the form can show it as is.
 */
export const ZProfileSchema = z.object(
  Object.fromEntries(
    Object.keys(ZProfileUpdateRequestSchema.shape).map((key) => [key, z.string()]),
  ) as Record<keyof TProfileUpdateRequest, z.ZodString>,
);
export type TProfile = z.infer<typeof ZProfileSchema>;
