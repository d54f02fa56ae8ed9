import { type AnyColumn, getTableName } from 'drizzle-orm';
import { profiles } from '../../db/schema.js';

/**
 * Every column sealed with DATA_KEY (AES-256-GCM, lib/crypto.ts encryptField); rotation reseals
 * each one listed here. keyed-columns.test.ts fails on a `*_encrypted` column of the schema that
 * is missing, and on a `*_hash` column no step of the rotation computes again.
 */
export const SEALED_PROFILE_COLUMNS = {
  passportNumberEncrypted: profiles.passportNumberEncrypted,
  dateOfBirthEncrypted: profiles.dateOfBirthEncrypted,
  medicalConditionsEncrypted: profiles.medicalConditionsEncrypted,
  emergencyContactEncrypted: profiles.emergencyContactEncrypted,
};

export type SealedProfileColumn = keyof typeof SEALED_PROFILE_COLUMNS;

/** `table.column`, as an operator finds it in psql. */
export const qualifiedName = (column: AnyColumn) => `${getTableName(column.table)}.${column.name}`;
