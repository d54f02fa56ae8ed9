import { z } from 'zod';
import { normalisePassportNumber, PASSPORT_MIN_LENGTH } from './onboarding.js';

/**
 * Adding students from the console: one by hand ("Add student") or many from the CSV (or JSON)
 * file the command line's import-students takes, checked in a preview before anything is
 * written. Either way each new student gets an invite code, answered this once.
 */

const PASSPORT_MAX_LENGTH = 20;

/**
 * A passport number as the consultancy records it for a new student: the lookup compares it,
 * normalised, with what the student types, so it must be one a passport can carry.
 */
export const ZStudentPassportNumber = z
  .string()
  .trim()
  .transform(normalisePassportNumber)
  .refine(
    (v) => new RegExp(`^[A-Z0-9]{${PASSPORT_MIN_LENGTH},${PASSPORT_MAX_LENGTH}}$`).test(v),
    `must be ${PASSPORT_MIN_LENGTH} to ${PASSPORT_MAX_LENGTH} letters and digits`,
  );

/** A birth date as the lookup compares it: a calendar day (YYYY-MM-DD) before today. */
export const ZStudentBirthDate = z.iso
  .date('must be a date like 2000-01-31')
  .pipe(z.string().refine((v) => v < new Date().toISOString().slice(0, 10), 'must be in the past'));

const name = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** POST /api/staff/students: a new student and their first invite. */
export const ZNewStudentRequestSchema = z.strictObject({
  firstName: name(100),
  lastName: name(100),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'must be at most 254 characters')
    .pipe(z.email('must be an e-mail address')),
  passportNumber: z.string().max(64, 'must be at most 64 characters').pipe(ZStudentPassportNumber),
  dateOfBirth: ZStudentBirthDate,
  nationality: z.string().trim().max(60, 'must be at most 60 characters').optional(),
  schoolId: z.number('choose a school').int().positive().max(2_147_483_647),
  agentId: z.number().int().positive().max(2_147_483_647).nullable(),
});
export type TNewStudentRequest = z.input<typeof ZNewStudentRequestSchema>;

/** What adding a student answers: the code to hand over (only its hash is kept) and the letter's facts. */
export const ZNewStudentSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  schoolName: z.string(),
  code: z.string(),
  expiresAt: z.string(),
});
export type TNewStudent = z.infer<typeof ZNewStudentSchema>;

/** GET /api/staff/new-student-choices: the schools and agents a new student may be given. */
export const ZNewStudentChoicesSchema = z.object({
  schools: z.array(z.object({ id: z.number(), name: z.string() })),
  agents: z.array(z.object({ id: z.number(), name: z.string(), agencyName: z.string() })),
  /** An agent's students must have one of their agency's agents, or they would not see them. */
  agentRequired: z.boolean(),
});
export type TNewStudentChoices = z.infer<typeof ZNewStudentChoicesSchema>;

export const NEW_STUDENT_ERRORS = {
  unknownSchool: 'No school has this id.',
  unknownAgent: 'No agent you may name has this id.',
  agentRequired: "Choose one of your agency's agents: a student without one would not be yours.",
  duplicateEmail: 'A student with this e-mail is already in the portal.',
  duplicatePassport: 'A student with this passport number is already in the portal.',
} as const;

/**
 * The columns of a students file, as the command line's import-students reads them
 * (docs/operations.md, "Import files"); the console offers them as a template.
 */
export const STUDENT_IMPORT_COLUMNS = {
  required: ['first_name', 'last_name', 'email', 'passport_number', 'date_of_birth', 'school'],
  optional: [
    'nationality',
    'agent_email',
    'admission_status',
    'degree',
    'major',
    'admitted_semester',
    'acceptance_letter_url',
  ],
} as const;

/** The import's multipart form: one file field. */
export const STUDENT_IMPORT_FILE_FIELD = 'file';
export const MAX_STUDENT_IMPORT_BYTES = 5 * 1024 * 1024;
/** One file's students are written in one transaction: a bound keeps it short. */
export const MAX_STUDENT_IMPORT_ROWS = 10_000;
/** The valid rows the preview shows, to check the columns were read as meant. */
export const STUDENT_IMPORT_SAMPLE_ROWS = 20;

export const STUDENT_IMPORT_MESSAGES = {
  noFile: 'Choose a CSV file of students to import.',
  wrongType: 'An import file must end in .csv or .json.',
  tooLarge: 'The file is larger than 5 MB. Split it into smaller files.',
  notText: 'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8".',
  tooManyRows: `A file may hold at most ${MAX_STUDENT_IMPORT_ROWS.toLocaleString('en-US')} students. Split it into smaller files.`,
} as const;

/** A row the import cannot take, by the line a spreadsheet or editor shows it on. */
export const ZStudentImportProblemSchema = z.object({
  line: z.number(),
  message: z.string(),
  /** The row repeats a student already in the portal (by e-mail or passport number). */
  duplicate: z.boolean(),
});
export type TStudentImportProblem = z.infer<typeof ZStudentImportProblemSchema>;

/** POST /api/staff/students/import/preview: every row checked; nothing written. */
export const ZStudentImportPreviewSchema = z.object({
  file: z.string(),
  /** Rows read from the file. */
  rows: z.number(),
  /** Rows that would be imported if there were no problems. */
  ready: z.number(),
  sample: z.array(
    z.object({
      line: z.number(),
      name: z.string(),
      email: z.string(),
      school: z.string(),
      agentEmail: z.string().nullable(),
    }),
  ),
  problems: z.array(ZStudentImportProblemSchema),
});
export type TStudentImportPreview = z.infer<typeof ZStudentImportPreviewSchema>;

/** POST /api/staff/students/import: every row written, and their codes as CSV, answered this once. */
export const ZStudentImportResultSchema = z.object({
  imported: z.number(),
  codesCsv: z.string(),
});
export type TStudentImportResult = z.infer<typeof ZStudentImportResultSchema>;

/** The import refused: nothing was written, for these rows. */
export const ZStudentImportRefusedSchema = z.object({
  message: z.string(),
  problems: z.array(ZStudentImportProblemSchema),
});
export type TStudentImportRefused = z.infer<typeof ZStudentImportRefusedSchema>;
