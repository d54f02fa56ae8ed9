import type { TSealedStudentField } from '../../../shared/staff-students.js';
import type { profiles } from '../../db/schema.js';

/** The profile's sealed columns, by the name the console reveals each under. */
export const SEALED_COLUMNS = {
  passportNumber: 'passportNumberEncrypted',
  dateOfBirth: 'dateOfBirthEncrypted',
  medicalConditions: 'medicalConditionsEncrypted',
  emergencyContact: 'emergencyContactEncrypted',
} as const satisfies { [F in TSealedStudentField]: keyof typeof profiles.$inferSelect };
