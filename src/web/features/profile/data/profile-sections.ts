import type { HTMLInputAutoCompleteAttribute } from 'react';
import {
  EDUCATION_LEVELS,
  EMERGENCY_CONTACT_RELATIONS,
  ENGLISH_PROFICIENCIES,
  HOUSING_PREFERENCES,
  VISA_STATUSES,
  type TProfile,
} from '../../../../shared/profile.js';

type FieldKind =
  | { kind: 'text' | 'email' | 'tel' | 'date'; autoComplete?: HTMLInputAutoCompleteAttribute }
  | { kind: 'select'; options: readonly string[] }
  | { kind: 'textarea' };

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
      { name: 'visaStatus', label: 'Visa status', kind: 'select', options: VISA_STATUSES },
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
        options: EDUCATION_LEVELS,
      },
      { name: 'intendedMajor', label: 'Intended major', kind: 'text' },
      {
        name: 'englishProficiency',
        label: 'English proficiency',
        kind: 'select',
        options: ENGLISH_PROFICIENCIES,
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
        options: EMERGENCY_CONTACT_RELATIONS,
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
        options: HOUSING_PREFERENCES,
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
