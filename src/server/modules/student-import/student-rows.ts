import { z } from 'zod';
import { DEFAULT_ADMISSION_STATUS } from '../../../shared/applicant-data.js';
import { ZStudentBirthDate, ZStudentPassportNumber } from '../../../shared/student-import.js';
import {
  applicationStatus,
  isCalendarDate,
  optionalDate,
  optionalEmail,
  optionalLink,
  optionalText,
  requiredEmail,
  requiredText,
} from '../../lib/import-records/columns.js';

/** One student of a students file; the school by name, the agent (if any) by e-mail. */
export const ZStudentRow = z.object({
  first_name: requiredText,
  last_name: requiredText,
  email: requiredEmail,
  passport_number: requiredText.pipe(ZStudentPassportNumber),
  date_of_birth: requiredText.pipe(ZStudentBirthDate),
  nationality: optionalText,
  school: requiredText,
  agent_email: optionalEmail,
  admission_status: optionalText.transform((v) => v ?? DEFAULT_ADMISSION_STATUS),
  degree: optionalText,
  major: optionalText,
  admitted_semester: optionalText,
  acceptance_letter_url: optionalLink,
});
export type StudentRow = z.output<typeof ZStudentRow>;

/** A date (midnight UTC) or a full ISO timestamp. */
const timestamp = requiredText.refine(
  (v) =>
    isCalendarDate(v) ||
    (z.iso.datetime({ offset: true }).safeParse(v).success && !Number.isNaN(Date.parse(v))),
  'must be a date like 2026-03-01 or a timestamp like 2026-03-01T09:30:00Z',
);

/** One application of an applications file, tied to its student by e-mail. */
export const ZApplicationRow = z.object({
  student_email: requiredEmail,
  university: requiredText,
  program: requiredText,
  status: applicationStatus,
  submitted_at: timestamp,
  portal_url: optionalLink,
  admissions_email: optionalEmail,
  admissions_phone: optionalText,
  program_start_date: optionalDate,
});
export type ApplicationRow = z.output<typeof ZApplicationRow>;

export const toSubmittedAt = (v: string) => new Date(isCalendarDate(v) ? `${v}T00:00:00Z` : v);
