import userEvent from '@testing-library/user-event';
import type { TProfile } from '../../../../shared/profile.js';
import { signedInStudent } from '../../../test/data-generators.js';
import { installFakeFetch, json, type Answer, type SentRequest } from '../../../test/fake-fetch.js';
import { renderApp } from '../../../test/render-app.js';

/** Priya's profile as the seed leaves it: the record's name and passport, the rest to fill in. */
export const seededProfile: TProfile = {
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'priya.sharma@example.com',
  phone: '',
  dateOfBirth: '2001-06-02',
  streetAddress: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'United States',
  nationality: 'India',
  passportNumber: 'Z7654321',
  visaStatus: 'F-1',
  i20SchoolCode: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelation: '',
  currentEducationLevel: '',
  intendedMajor: '',
  englishProficiency: '',
  housingPreference: '',
  dietaryRestrictions: '',
  medicalConditions: '',
  additionalNotes: '',
};

/** A whole, valid profile. */
export const completeProfile: TProfile = {
  ...seededProfile,
  phone: '+91 98200 55123',
  streetAddress: '42 Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  zipCode: '400020',
  country: 'India',
  emergencyContactName: 'Anjali Sharma',
  emergencyContactPhone: '+91 98200 77456',
  emergencyContactRelation: 'Parent',
  currentEducationLevel: "Bachelor's Degree",
  intendedMajor: 'Data Science',
  englishProficiency: 'IELTS-7.0+',
};

/**
 * /profile through the real app routes and guard (the Passkeys section included), with a small in-memory profile API that keeps
 * what is saved, so a profile read again shows the change as the real server would.
 */
export function renderProfilePage({
  profile = seededProfile,
  api = {},
}: { profile?: TProfile; api?: Record<string, Answer> } = {}) {
  sessionStorage.setItem('jwt_token', 'stored-token');
  let stored = profile;
  let sent: SentRequest[] = [];
  const fake = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    'GET /api/user/profile': json(signedInStudent()),
    // The route puts the student's passkeys below the form.
    'GET /api/passkeys': json({
      passkeys: [
        {
          id: 'cGhvbmUta2V5',
          name: 'Chrome on Android',
          createdAt: '2026-03-01T10:00:00.000Z',
          lastUsedAt: null,
        },
      ],
    }),
    // ...and their notifications below those.
    'GET /api/notifications/preferences': json({ preferences: [] }),
    'GET /api/profile': () => json(stored),
    'PUT /api/profile': () => {
      stored = JSON.parse(sent.at(-1)?.body ?? '{}') as TProfile;
      return json(stored);
    },
    ...api,
  });
  sent = fake.sent;
  const router = renderApp('/profile');
  return { ...fake, router, user: userEvent.setup() };
}
