import { describe, expect, it } from 'vitest';
import {
  EDUCATION_LEVELS,
  EMERGENCY_CONTACT_RELATIONS,
  ENGLISH_PROFICIENCIES,
  HOUSING_PREFERENCES,
  PROFILE_MESSAGES,
  type TProfileUpdateRequest,
  VISA_STATUSES,
  ZProfileSchema,
  ZProfileUpdateRequestSchema,
} from './profile.js';

const valid: TProfileUpdateRequest = {
  firstName: 'Amara',
  lastName: 'Okafor',
  email: 'amara@example.com',
  phone: '+234 803 555 0142',
  dateOfBirth: '2000-01-15',
  streetAddress: '12 Admiralty Way',
  city: 'Lagos',
  state: 'Lagos',
  zipCode: '101233',
  country: 'Nigeria',
  nationality: 'Nigeria',
  passportNumber: 'A12345678',
  visaStatus: 'F-1',
  i20SchoolCode: '',
  emergencyContactName: 'Ngozi Okafor',
  emergencyContactPhone: '+234 803 555 0199',
  emergencyContactRelation: 'Parent',
  currentEducationLevel: "Bachelor's Degree",
  intendedMajor: 'Data Science',
  englishProficiency: 'IELTS-7.0+',
  housingPreference: '',
  dietaryRestrictions: '',
  medicalConditions: '',
  additionalNotes: '',
};

/** The messages the schema gives for `field` when it holds `value`, the first one first. */
function messagesFor(field: keyof TProfileUpdateRequest, value: unknown): string[] {
  const result = ZProfileUpdateRequestSchema.safeParse({ ...valid, [field]: value });
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

describe('the profile rules of spec section 5', () => {
  it('accepts a complete profile with every optional field empty', () => {
    expect(ZProfileUpdateRequestSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['firstName', '', PROFILE_MESSAGES.firstName],
    ['firstName', '   ', PROFILE_MESSAGES.firstName],
    ['lastName', '', PROFILE_MESSAGES.lastName],
    ['email', '', PROFILE_MESSAGES.email],
    ['email', 'amara@', PROFILE_MESSAGES.email],
    ['email', 'amara example.com', PROFILE_MESSAGES.email],
    ['phone', '', PROFILE_MESSAGES.phone],
    ['phone', '555 0142', PROFILE_MESSAGES.phone],
    // Ten characters, six digits: the message speaks of digits, so digits are what count.
    ['phone', '+1 (555) 01', PROFILE_MESSAGES.phone],
    ['phone', 'call 0803 555 0142', PROFILE_MESSAGES.phoneCharacters],
    ['dateOfBirth', '', PROFILE_MESSAGES.dateOfBirth],
    ['dateOfBirth', '2000-02-30', PROFILE_MESSAGES.dateOfBirthInvalid],
    ['dateOfBirth', '15/01/2000', PROFILE_MESSAGES.dateOfBirthInvalid],
    ['dateOfBirth', '2999-01-01', PROFILE_MESSAGES.dateOfBirthInvalid],
    ['streetAddress', '', PROFILE_MESSAGES.streetAddress],
    ['city', '', PROFILE_MESSAGES.city],
    ['state', '', PROFILE_MESSAGES.state],
    ['zipCode', '', PROFILE_MESSAGES.zipCode],
    ['zipCode', '1234', PROFILE_MESSAGES.zipCode],
    ['country', ' ', PROFILE_MESSAGES.country],
    ['nationality', '', PROFILE_MESSAGES.nationality],
    ['passportNumber', '', PROFILE_MESSAGES.passportNumber],
    ['passportNumber', 'A1234', PROFILE_MESSAGES.passportNumberShort],
    ['visaStatus', '', PROFILE_MESSAGES.visaStatus],
    ['visaStatus', 'B-2', PROFILE_MESSAGES.visaStatus],
    ['emergencyContactName', '', PROFILE_MESSAGES.emergencyContactName],
    ['emergencyContactPhone', '', PROFILE_MESSAGES.emergencyContactPhone],
    ['emergencyContactPhone', '0803 555', PROFILE_MESSAGES.emergencyContactPhone],
    ['emergencyContactRelation', '', PROFILE_MESSAGES.emergencyContactRelation],
    ['emergencyContactRelation', 'Cousin', PROFILE_MESSAGES.emergencyContactRelation],
    ['currentEducationLevel', '', PROFILE_MESSAGES.currentEducationLevel],
    ['intendedMajor', '', PROFILE_MESSAGES.intendedMajor],
    ['englishProficiency', '', PROFILE_MESSAGES.englishProficiency],
    ['englishProficiency', 'TOEFL', PROFILE_MESSAGES.englishProficiency],
    ['housingPreference', 'Tent', PROFILE_MESSAGES.housingPreference],
  ] as const)('refuses %s %j with "%s" first', (field, value, message) => {
    expect(messagesFor(field, value)[0]).toBe(message);
  });

  it('uses the spec texts verbatim', () => {
    expect(PROFILE_MESSAGES).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      phone: 'Phone number must be at least 10 digits',
      zipCode: 'ZIP code must be at least 5 digits',
      visaStatus: 'Visa status is required',
      emergencyContactPhone: 'Emergency contact phone is required',
      emergencyContactRelation: 'Relationship is required',
      currentEducationLevel: 'Education level is required',
      intendedMajor: 'Intended major is required',
      englishProficiency: 'English proficiency is required',
    });
  });

  it('accepts the shortest values the rules allow', () => {
    const shortest = {
      ...valid,
      phone: '0803555014',
      zipCode: '60601',
      passportNumber: 'A12345',
      emergencyContactPhone: '(080) 3555-0199',
    };
    expect(ZProfileUpdateRequestSchema.safeParse(shortest).success).toBe(true);
  });

  it.each([
    ['visaStatus', VISA_STATUSES],
    ['emergencyContactRelation', EMERGENCY_CONTACT_RELATIONS],
    ['currentEducationLevel', EDUCATION_LEVELS],
    ['englishProficiency', ENGLISH_PROFICIENCIES],
    ['housingPreference', HOUSING_PREFERENCES],
  ] as const)('accepts every option of %s', (field, options) => {
    for (const option of options) expect(messagesFor(field, option)).toEqual([]);
  });

  it('leaves the optional fields optional: empty is fine, too long is not', () => {
    for (const field of [
      'i20SchoolCode',
      'housingPreference',
      'dietaryRestrictions',
      'medicalConditions',
      'additionalNotes',
    ] as const) {
      expect(messagesFor(field, '')).toEqual([]);
    }
    expect(messagesFor('medicalConditions', 'x'.repeat(2001))).toEqual([
      PROFILE_MESSAGES.tooLong(2000),
    ]);
    expect(messagesFor('firstName', 'x'.repeat(101))).toEqual([PROFILE_MESSAGES.tooLong(100)]);
  });

  it('trims what it keeps', () => {
    const parsed = ZProfileUpdateRequestSchema.parse({
      ...valid,
      firstName: '  Amara ',
      email: ' amara@example.com ',
      zipCode: ' 101233 ',
    });
    expect(parsed).toMatchObject({
      firstName: 'Amara',
      email: 'amara@example.com',
      zipCode: '101233',
    });
  });

  it('refuses an unknown field and a missing one', () => {
    const unknown = ZProfileUpdateRequestSchema.safeParse({ ...valid, studentId: 'someone' });
    expect(unknown.error?.issues[0]?.code).toBe('unrecognized_keys');
    const missing = Object.fromEntries(Object.entries(valid).filter(([key]) => key !== 'phone'));
    expect(ZProfileUpdateRequestSchema.safeParse(missing).error?.issues[0]?.path).toEqual([
      'phone',
    ]);
  });

  it('refuses a value that is not text, with the field message', () => {
    expect(messagesFor('firstName', 42)).toEqual([PROFILE_MESSAGES.firstName]);
    expect(messagesFor('visaStatus', null)).toEqual([PROFILE_MESSAGES.visaStatus]);
    expect(messagesFor('additionalNotes', ['a'])).toEqual([PROFILE_MESSAGES.notText]);
  });

  it('answers the same fields it takes', () => {
    expect(Object.keys(ZProfileSchema.shape)).toEqual(
      Object.keys(ZProfileUpdateRequestSchema.shape),
    );
    expect(ZProfileSchema.parse(valid)).toEqual(valid);
  });
});
