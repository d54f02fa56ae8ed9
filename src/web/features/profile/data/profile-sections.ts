import type { HTMLInputAutoCompleteAttribute } from 'react';
import {
  EDUCATION_LEVELS,
  EMERGENCY_CONTACT_RELATIONS,
  ENGLISH_PROFICIENCIES,
  HOUSING_PREFERENCES,
  VISA_STATUSES,
  type TProfile,
} from '../../../../shared/profile.js';

/** One choice of a select: the value stored (spec section 3's), and the words the student reads. */
export interface SelectOption {
  value: string;
  label: string;
}

type FieldKind =
  | { kind: 'text' | 'email' | 'tel' | 'date'; autoComplete?: HTMLInputAutoCompleteAttribute }
  | { kind: 'select'; options: readonly SelectOption[] }
  | { kind: 'textarea' };

/** A list whose values read well as they are. */
const shownAsStored = (values: readonly string[]): SelectOption[] =>
  values.map((value) => ({ value, label: value }));

/**
 * Spec section 3's English test values are codes ("TOEFL-iBT-100+"): the student reads them in
 * words, while the codes stay what is stored and sent.
 */
const ENGLISH_PROFICIENCY_WORDS: Record<(typeof ENGLISH_PROFICIENCIES)[number], string> = {
  'TOEFL-iBT-100+': 'TOEFL iBT 100 or higher',
  'TOEFL-iBT-80-99': 'TOEFL iBT 80 to 99',
  'TOEFL-iBT-60-79': 'TOEFL iBT 60 to 79',
  'IELTS-7.0+': 'IELTS 7.0 or higher',
  'IELTS-6.5': 'IELTS 6.5',
  'IELTS-6.0': 'IELTS 6.0',
  'Duolingo-120+': 'Duolingo English Test 120 or higher',
  'Duolingo-105-119': 'Duolingo English Test 105 to 119',
  Native: 'English is my first language',
  Other: 'Other',
};

export type ProfileField = FieldKind & {
  name: keyof TProfile;
  label: string;
  /** Spec section 5's optional fields; the others are required. */
  optional?: boolean;
  hint?: string;
};

export interface ProfileSection {
  id: string;
  title: string;
  fields: ProfileField[];
}

/** Every field of spec section 3, grouped as a student thinks of them, in the order they fill them. */
export const PROFILE_SECTIONS: ProfileSection[] = [
  {
    id: 'personal',
    title: 'Personal Information',
    fields: [
      { name: 'firstName', label: 'First name', kind: 'text', autoComplete: 'given-name' },
      { name: 'lastName', label: 'Last name', kind: 'text', autoComplete: 'family-name' },
      { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email' },
      {
        name: 'phone',
        label: 'Phone number',
        kind: 'tel',
        autoComplete: 'tel',
        hint: 'With your country code, for example +91 98200 55123.',
      },
      { name: 'dateOfBirth', label: 'Date of birth', kind: 'date', autoComplete: 'bday' },
      { name: 'nationality', label: 'Nationality', kind: 'text' },
      {
        name: 'passportNumber',
        label: 'Passport number',
        kind: 'text',
        autoComplete: 'off',
        hint: 'As printed on the photo page of your passport.',
      },
    ],
  },
  {
    id: 'address',
    title: 'Address',
    fields: [
      {
        name: 'streetAddress',
        label: 'Street address',
        kind: 'text',
        autoComplete: 'street-address',
      },
      { name: 'city', label: 'City', kind: 'text', autoComplete: 'address-level2' },
      { name: 'state', label: 'State or province', kind: 'text', autoComplete: 'address-level1' },
      { name: 'zipCode', label: 'ZIP or postal code', kind: 'text', autoComplete: 'postal-code' },
      { name: 'country', label: 'Country', kind: 'text', autoComplete: 'country-name' },
    ],
  },
  {
    id: 'study',
    title: 'Visa and Education',
    fields: [
      { name: 'visaStatus', label: 'Visa status', kind: 'select', options: shownAsStored(VISA_STATUSES) },
      {
        name: 'i20SchoolCode',
        label: 'I-20 school code',
        kind: 'text',
        optional: true,
        hint: 'The school code printed on your I-20, once you have it.',
      },
      {
        name: 'currentEducationLevel',
        label: 'Current education level',
        kind: 'select',
        options: shownAsStored(EDUCATION_LEVELS),
      },
      { name: 'intendedMajor', label: 'Intended major', kind: 'text' },
      {
        name: 'englishProficiency',
        label: 'English proficiency',
        kind: 'select',
        options: ENGLISH_PROFICIENCIES.map((value) => ({
          value,
          label: ENGLISH_PROFICIENCY_WORDS[value],
        })),
      },
    ],
  },
  {
    id: 'emergency',
    title: 'Emergency Contact',
    fields: [
      { name: 'emergencyContactName', label: 'Emergency contact name', kind: 'text' },
      { name: 'emergencyContactPhone', label: 'Emergency contact phone', kind: 'tel' },
      {
        name: 'emergencyContactRelation',
        label: 'Relationship',
        kind: 'select',
        options: shownAsStored(EMERGENCY_CONTACT_RELATIONS),
      },
    ],
  },
  {
    id: 'preferences',
    title: 'Preferences and Health',
    fields: [
      {
        name: 'housingPreference',
        label: 'Housing preference',
        kind: 'select',
        options: shownAsStored(HOUSING_PREFERENCES),
        optional: true,
      },
      { name: 'dietaryRestrictions', label: 'Dietary restrictions', kind: 'text', optional: true },
      {
        name: 'medicalConditions',
        label: 'Medical conditions',
        kind: 'textarea',
        optional: true,
        hint: 'Anything your school should know to support you.',
      },
      { name: 'additionalNotes', label: 'Additional notes', kind: 'textarea', optional: true },
    ],
  },
];
