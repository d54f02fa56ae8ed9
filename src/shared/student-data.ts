import { z } from 'zod';

/**
 * A student's data on their request, as the privacy laws they live under grant it (the EU's GDPR,
 * India's DPDP Act): an administrator exports it (a copy) or deletes it (erasure). Either needs
 * the student's name typed, so that neither is done to the wrong student by a slip.
 */

export const MAX_CONFIRM_NAME_LENGTH = 200;

/** POST …/data-export and DELETE /api/staff/students/{id}: the student's name, as typed. */
export const ZStudentDataConfirmSchema = z.strictObject({
  confirmName: z
    .string()
    .trim()
    .min(1, "type the student's name to confirm")
    .max(MAX_CONFIRM_NAME_LENGTH, `must be at most ${MAX_CONFIRM_NAME_LENGTH} characters`),
});
export type TStudentDataConfirm = z.input<typeof ZStudentDataConfirmSchema>;

export const CONFIRM_NAME_MISMATCH =
  "The name you typed is not this student's name. Type their first and last name as the record shows them.";

/** A name as it is compared: the same letters, whatever their case and spacing. */
const comparable = (name: string) =>
  name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');

/** Whether a typed name is the student's "first last" name, ignoring case and spaces. */
export const confirmsStudentName = (
  typed: string,
  student: { firstName: string; lastName: string },
): boolean => comparable(typed) === comparable(`${student.firstName} ${student.lastName}`);

/** What a deletion removed: the student's rows in every table and their stored files. */
export const ZStudentDeletedSchema = z.object({
  rows: z.number().int(),
  files: z.number().int(),
});
export type TStudentDeleted = z.infer<typeof ZStudentDeletedSchema>;
