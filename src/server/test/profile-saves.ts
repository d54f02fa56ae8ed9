import { API_PATHS } from '../../shared/api-paths.js';
import type { TProfileUpdateRequest } from '../../shared/profile.js';
import type { DemoStudent } from './server-site.js';

/**
 * Save number `n` of the profile: every field that can carry the number does, so a profile stored
 * half from one save and half from another shows as a mix of numbers.
 */
export function numberedProfile(n: number): TProfileUpdateRequest {
  const digits = String(n).padStart(4, '0');
  return {
    firstName: `Amara ${n}`,
    lastName: `Okafor ${n}`,
    email: `amara.${n}@example.com`,
    phone: `+1 555 010 ${digits}`,
    dateOfBirth: '2001-03-09',
    streetAddress: `${n} College Avenue`,
    city: `Springfield ${n}`,
    state: `State ${n}`,
    zipCode: `6${digits}`,
    country: 'United States',
    nationality: `Nigeria ${n}`,
    passportNumber: `A${String(n).padStart(7, '0')}`,
    visaStatus: 'F-1',
    i20SchoolCode: `SCH${digits}`,
    emergencyContactName: `Chidi Okafor ${n}`,
    emergencyContactPhone: `+234 803 000 ${digits}`,
    emergencyContactRelation: 'Parent',
    currentEducationLevel: "Bachelor's Degree",
    intendedMajor: `Major ${n}`,
    englishProficiency: 'Native',
    housingPreference: 'Homestay',
    dietaryRestrictions: `Diet ${n}`,
    medicalConditions: `Condition ${n}`,
    additionalNotes: `Save number ${n}`,
  };
}

/**
 * Saves the student's profile over and over, one save after the other, numbered from 1, until a
 * save gets no answer (the server is gone); then answers the last save answered 200 and the last
 * one sent. Any answer but 200 is a failure.
 */
export async function saveProfileRepeatedly(
  student: DemoStudent,
): Promise<{ lastAnswered: number; lastSent: number }> {
  let lastAnswered = 0;
  let lastSent = 0;
  for (;;) {
    lastSent += 1;
    const answer = await student
      .call(API_PATHS.profile, { method: 'PUT', body: numberedProfile(lastSent) })
      .then(async (response) => ({ status: response.status, body: await response.text() }))
      .catch(() => null);
    if (!answer) return { lastAnswered, lastSent };
    if (answer.status !== 200) throw new Error(`save ${lastSent}: ${answer.status} ${answer.body}`);
    lastAnswered = lastSent;
  }
}
