import {
  DEFAULT_COUNTRY,
  DEFAULT_VISA_STATUS,
  type TProfile,
  type TProfileUpdateRequest,
} from '../../../shared/profile.js';
import type { profiles } from '../../db/schema.js';
import { type DataKeys, decryptField, encryptField } from '../../lib/crypto.js';
import { openEmergencyContact, sealEmergencyContact } from '../../lib/emergency-contact.js';

type ProfileRow = typeof profiles.$inferSelect;
type ProfileColumns = Omit<typeof profiles.$inferInsert, 'studentId' | 'updatedAt'>;

/** What the students table knows of a student who has not saved a profile yet. */
export interface StudentNames {
  firstName: string;
  lastName: string;
  email: string | null;
}

const open = (keys: DataKeys, sealed: string | null) =>
  sealed === null ? '' : decryptField(keys, sealed);
const orNull = (value: string) => (value === '' ? null : value);

/**
 * The columns of a saved profile. Passport number, date of birth, medical conditions and the
 * emergency contact are sealed with AES-256-GCM under DATA_KEY (the security baseline of docs/spec/design.md); nothing else is secret.
 */
export function toProfileColumns(keys: DataKeys, profile: TProfileUpdateRequest): ProfileColumns {
  const {
    passportNumber,
    dateOfBirth,
    medicalConditions,
    emergencyContactName,
    emergencyContactPhone,
    emergencyContactRelation,
    i20SchoolCode,
    housingPreference,
    dietaryRestrictions,
    additionalNotes,
    ...plain
  } = profile;
  const emergencyContact = {
    name: emergencyContactName,
    phone: emergencyContactPhone,
    relation: emergencyContactRelation,
  };
  return {
    ...plain,
    i20SchoolCode: orNull(i20SchoolCode),
    housingPreference: orNull(housingPreference),
    dietaryRestrictions: orNull(dietaryRestrictions),
    additionalNotes: orNull(additionalNotes),
    passportNumberEncrypted: encryptField(keys, passportNumber),
    dateOfBirthEncrypted: encryptField(keys, dateOfBirth),
    medicalConditionsEncrypted:
      medicalConditions === '' ? null : encryptField(keys, medicalConditions),
    emergencyContactEncrypted: sealEmergencyContact(keys, emergencyContact),
  };
}

/**
 * The profile as the form shows it. Without a saved row, the student's own record fills in what
 * it holds (name and e-mail: passport number and birth date are kept there only as keyed hashes,
 * which cannot be read back) and the spec's defaults the rest.
 */
export function toProfile(keys: DataKeys, student: StudentNames, row: ProfileRow | null): TProfile {
  if (!row) {
    return {
      firstName: student.firstName,
      lastName: student.lastName,
      email: student.email ?? '',
      phone: '',
      dateOfBirth: '',
      streetAddress: '',
      city: '',
      state: '',
      zipCode: '',
      country: DEFAULT_COUNTRY,
      nationality: '',
      passportNumber: '',
      visaStatus: DEFAULT_VISA_STATUS,
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
  }
  const sealedContact = row.emergencyContactEncrypted;
  const contact =
    sealedContact === null
      ? { name: '', phone: '', relation: '' }
      : openEmergencyContact(keys, sealedContact);
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    dateOfBirth: open(keys, row.dateOfBirthEncrypted),
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    nationality: row.nationality,
    passportNumber: open(keys, row.passportNumberEncrypted),
    visaStatus: row.visaStatus,
    i20SchoolCode: row.i20SchoolCode ?? '',
    emergencyContactName: contact.name,
    emergencyContactPhone: contact.phone,
    emergencyContactRelation: contact.relation,
    currentEducationLevel: row.currentEducationLevel,
    intendedMajor: row.intendedMajor,
    englishProficiency: row.englishProficiency,
    housingPreference: row.housingPreference ?? '',
    dietaryRestrictions: row.dietaryRestrictions ?? '',
    medicalConditions: open(keys, row.medicalConditionsEncrypted),
    additionalNotes: row.additionalNotes ?? '',
  };
}
