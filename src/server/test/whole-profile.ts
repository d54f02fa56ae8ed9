import type { TProfileUpdateRequest } from '../../shared/profile.js';

/** A whole profile with values found nowhere in the seed, so a dump that shows them is a leak. */
export const WHOLE_PROFILE: TProfileUpdateRequest = {
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'priya.s@example.com',
  phone: '+91 98200 55123',
  dateOfBirth: '2001-06-02',
  streetAddress: '42 Marine Drive',
  city: 'Mumbai',
  state: 'Maharashtra',
  zipCode: '400020',
  country: 'India',
  nationality: 'India',
  passportNumber: 'Q7306154',
  visaStatus: 'F-1',
  i20SchoolCode: 'CHI214F00987000',
  emergencyContactName: 'Anjali Vermaraghavan',
  emergencyContactPhone: '+91 98200 77456',
  emergencyContactRelation: 'Parent',
  currentEducationLevel: "Bachelor's Degree",
  intendedMajor: 'Data Science',
  englishProficiency: 'IELTS-7.0+',
  housingPreference: 'On-Campus Dorm',
  dietaryRestrictions: 'Vegetarian',
  medicalConditions: 'Asthma, carries a salbutamol inhaler',
  additionalNotes: 'Arriving with my sister.',
};
