import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TProfileUpdateRequest } from '../../../shared/profile.js';
import { SEALED_PROFILE_FIELDS } from '../../../shared/sealed-profile-fields.js';
import { deriveDataKeys } from '../../lib/crypto.js';
import { toProfileColumns } from './profile-row.js';

/** Every field a value found nowhere else, so each can be looked for in the stored columns. */
const profile: TProfileUpdateRequest = {
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'priya.sharma@example.com',
  phone: '+91 98200 55123',
  dateOfBirth: '2001-06-02',
  streetAddress: '42 Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  zipCode: '400020',
  country: 'India',
  nationality: 'Indian',
  passportNumber: 'Z7654321',
  visaStatus: 'F-1',
  i20SchoolCode: 'LSU214F00123000',
  emergencyContactName: 'Anjali Rao',
  emergencyContactPhone: '+91 98200 77456',
  emergencyContactRelation: 'Guardian',
  currentEducationLevel: "Bachelor's Degree",
  intendedMajor: 'Data Science',
  englishProficiency: 'IELTS-7.0+',
  housingPreference: 'Homestay',
  dietaryRestrictions: 'Vegetarian',
  medicalConditions: 'Asthma',
  additionalNotes: 'Arriving in August',
};

describe('the profile fields sealed at rest', () => {
  // The service worker leaves SEALED_PROFILE_FIELDS out of its offline copy (decision 007): the list
  // must name exactly what the server seals, or a newly sealed field would sit in the browser.
  it('are exactly the shared list the offline copy leaves out', () => {
    const stored = JSON.stringify(toProfileColumns(deriveDataKeys(randomBytes(32)), profile));
    const inClear = Object.entries(profile)
      .filter(([, value]) => stored.includes(value))
      .map(([field]) => field);
    const sealed = Object.keys(profile).filter((field) => !inClear.includes(field));
    expect(sealed.sort()).toEqual([...SEALED_PROFILE_FIELDS].sort());
  });
});
