import { z } from 'zod';
import { STUDENT_STAGES } from './student-stages.js';
import { ISSUED_DOCUMENT_KINDS } from './issued-documents.js';

/**
 * The staff console's student list and record (`/staff/students`, `/staff/students/{id}`). Every
 * answer holds only students in the caller's scope; any other id is a 404.
 */

export const STAFF_STUDENT_SORTS = ['name', 'activity'] as const;
export type TStaffStudentSort = (typeof STAFF_STUDENT_SORTS)[number];

/** The most students one selection of the list names by id (a few pages of it). */
export const MAX_SELECTED_STUDENTS = 200;

/** Student ids separated by commas, as a query string holds a selection of the list. */
const studentIdList = z
  .string()
  .max(MAX_SELECTED_STUDENTS * 40)
  .transform((text) => text.split(',').map((id) => id.trim()))
  .pipe(
    z
      .array(z.uuid('must be student ids separated by commas'))
      .max(MAX_SELECTED_STUDENTS, `must name at most ${MAX_SELECTED_STUDENTS} students`),
  );

/** The list's query: what the console's URL holds, so a list can be bookmarked and shared. */
export const ZStaffStudentListQuerySchema = z.object({
  /**
   * Name, e-mail or student id: each word the start of one of the student's words (the parts of
   * their names, e-mail and id), case- and accent-insensitive.
   */
  q: z.string().trim().max(200).optional(),
  /** An exact passport number, matched through its keyed hash: never stored or logged as sent. */
  passport: z.string().trim().max(40).optional(),
  stage: z.enum(STUDENT_STAGES).optional(),
  schoolId: z.coerce.number().int().positive().optional(),
  agencyId: z.coerce.number().int().positive().optional(),
  /** Only students with something waiting on the caller's side. */
  needsMyAction: z.enum(['true', 'false']).optional(),
  /** Only these students (a selection of the list, exported): ids separated by commas. */
  ids: studentIdList.optional(),
  sort: z.enum(STAFF_STUDENT_SORTS).default('name'),
  /** The nextCursor of the page before; absent for the first page. */
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TStaffStudentListQuery = z.input<typeof ZStaffStudentListQuerySchema>;

/**
 * GET /api/staff/students.csv: every student the list's filters match, as a CSV file, in the
 * list's order. Not by passport number (refused, as any key it does not take): an export's
 * address may be kept, the number must not be.
 */
export const ZStaffStudentCsvQuerySchema = z.strictObject(
  ZStaffStudentListQuerySchema.omit({ passport: true, cursor: true, limit: true }).shape,
);
export type TStaffStudentCsvQuery = z.input<typeof ZStaffStudentCsvQuerySchema>;

/** The most students one export holds; a larger match is refused, never cut short in silence. */
export const STUDENT_CSV_MAX_ROWS = 100_000;

export const ZStaffStudentRowSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  schoolName: z.string().nullable(),
  agencyName: z.string().nullable(),
  agentName: z.string().nullable(),
  stage: z.enum(STUDENT_STAGES),
  /** What waits on whom, in words: "2 documents to review", "1 unread message", "I-20 not issued". */
  waiting: z.array(z.string()),
  /** The student's last action or change (ISO); null when nothing happened since the invite. */
  lastActivityAt: z.string().nullable(),
});
export type TStaffStudentRow = z.infer<typeof ZStaffStudentRowSchema>;

export const ZStaffStudentListResponseSchema = z.object({
  items: z.array(ZStaffStudentRowSchema),
  /** Opaque; pass it as `cursor` for the next page. Null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many students match the query (every page together). */
  total: z.number().int(),
  /** Students per stage in scope under every filter but the stage itself: the summary bar. */
  stageCounts: z.record(z.enum(STUDENT_STAGES), z.number().int()),
});
export type TStaffStudentListResponse = z.infer<typeof ZStaffStudentListResponseSchema>;

/** The schools and agencies the caller may filter by (those of students in their scope). */
export const ZStaffOrganisationsResponseSchema = z.object({
  schools: z.array(z.object({ id: z.number().int(), name: z.string() })),
  agencies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TStaffOrganisationsResponse = z.infer<typeof ZStaffOrganisationsResponseSchema>;

export const INVITE_STATES = ['open', 'used', 'expired', 'revoked', 'none'] as const;

export const ZStaffStudentOverviewSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  stage: z.enum(STUDENT_STAGES),
  waiting: z.array(z.string()),
  schoolName: z.string().nullable(),
  schoolRequiresMoi: z.boolean(),
  agencyName: z.string().nullable(),
  agentName: z.string().nullable(),
  admissionStatus: z.string(),
  degree: z.string().nullable(),
  major: z.string().nullable(),
  admittedSemester: z.string().nullable(),
  acceptanceLetterUrl: z.string().nullable(),
  i20Issued: z.boolean(),
  i20IssuedOn: z.string().nullable(),
  sevisPaid: z.boolean(),
  sevisPaidOn: z.string().nullable(),
  /** The files issued to the student in the portal (ISSUED_DOCUMENTS), to open from the record. */
  issuedFiles: z.array(z.enum(ISSUED_DOCUMENT_KINDS)),
  moiStatus: z.string(),
  identity: z.object({
    /** verificationResult: 'pending' or the provider's result code. */
    result: z.string(),
    /** The spec's title for the code ("Verification Declined"); null for pending and approved. */
    title: z.string().nullable(),
    decidedAt: z.string().nullable(),
  }),
  passkeyEnrolled: z.boolean(),
  invite: z.object({ state: z.enum(INVITE_STATES), expiresAt: z.string().nullable() }),
  accessRevoked: z.boolean(),
  createdAt: z.string(),
  /** The record's version: a change names it in If-Match (staff-student-changes.ts). */
  version: z.number().int(),
});

export const ZStaffStudentApplicationSchema = z.object({
  id: z.number().int(),
  university: z.string(),
  program: z.string(),
  status: z.string(),
  submittedAt: z.string(),
  programStartDate: z.string().nullable(),
});

export const ZStaffStudentDocumentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  applicationId: z.number().int().nullable(),
  uploadedAt: z.string(),
});

export const ZStaffStudentMessageSchema = z.object({
  id: z.number().int(),
  applicationId: z.number().int().nullable(),
  /** 'inbound' (an office to the student) or 'outbound' (the student to an office). */
  direction: z.string(),
  fromName: z.string(),
  toName: z.string(),
  subject: z.string(),
  content: z.string(),
  createdAt: z.string(),
  /** For the student's own messages: when the office read it; null while unread. */
  officeReadAt: z.string().nullable(),
});

export const ZStaffMoiRecordingSchema = z.object({
  sessionId: z.string(),
  status: z.string(),
  reviewResult: z.string().nullable(),
  submittedAt: z.string().nullable(),
  videos: z.array(
    z.object({
      id: z.string(),
      questionText: z.string(),
      videoIndex: z.number().int(),
      sizeBytes: z.number().int(),
      contentType: z.string(),
    }),
  ),
});

/** The personal data sealed at rest, shown to staff only on "Show" (each reveal is audited). */
export const SEALED_STUDENT_FIELDS = [
  'passportNumber',
  'dateOfBirth',
  'medicalConditions',
  'emergencyContact',
] as const;
export type TSealedStudentField = (typeof SEALED_STUDENT_FIELDS)[number];

export const ZStaffStudentProfileSchema = z.object({
  /** The profile's open fields, as the student saved them (spec section 11's names). */
  fields: z.record(z.string(), z.string().nullable()),
  /** Which sealed fields hold a value, so "Show" appears only where there is one. */
  sealed: z.record(z.enum(SEALED_STUDENT_FIELDS), z.boolean()),
});

export const ZStaffStudentRecordSchema = z.object({
  overview: ZStaffStudentOverviewSchema,
  applications: z.array(ZStaffStudentApplicationSchema),
  documents: z.array(ZStaffStudentDocumentSchema),
  messages: z.array(ZStaffStudentMessageSchema),
  moiRecordings: z.array(ZStaffMoiRecordingSchema),
  /** Null until the student saved a profile. */
  profile: ZStaffStudentProfileSchema.nullable(),
});
export type TStaffStudentRecord = z.infer<typeof ZStaffStudentRecordSchema>;

export const ZStaffRevealRequestSchema = z.object({ field: z.enum(SEALED_STUDENT_FIELDS) });
export type TStaffRevealRequest = z.infer<typeof ZStaffRevealRequestSchema>;
/** The revealed value; an emergency contact is "name, relation, phone" in one line. */
export const ZStaffRevealResponseSchema = z.object({
  field: z.enum(SEALED_STUDENT_FIELDS),
  value: z.string().nullable(),
});

export const ZStaffTimelineEntrySchema = z.object({
  at: z.string(),
  /** Who did it: the student, or staff (from the audit log). */
  by: z.enum(['student', 'staff', 'command-line']),
  /** The staff member's name for a staff entry; null otherwise. */
  staffName: z.string().nullable(),
  /** What happened, in words ("Uploaded bank-statement.pdf", "Revealed the passport number"). */
  title: z.string(),
});
export const ZStaffTimelineResponseSchema = z.object({
  items: z.array(ZStaffTimelineEntrySchema),
});
export type TStaffTimelineResponse = z.infer<typeof ZStaffTimelineResponseSchema>;

export const MAX_NOTE_LENGTH = 1000;

/** One internal note on a student, as staff in scope read it; never shown to the student. */
export const ZStaffNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  /** Who wrote it; null once their account is gone. */
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type TStaffNote = z.infer<typeof ZStaffNoteSchema>;
export const ZStaffNotesResponseSchema = z.object({ items: z.array(ZStaffNoteSchema) });
export type TStaffNotesResponse = z.infer<typeof ZStaffNotesResponseSchema>;

/** POST /api/staff/students/{id}/notes. */
export const ZStaffNoteRequestSchema = z.strictObject({
  body: z
    .string()
    .trim()
    .min(1, 'write the note')
    .max(MAX_NOTE_LENGTH, `must be at most ${MAX_NOTE_LENGTH} characters`),
});
export type TStaffNoteRequest = z.input<typeof ZStaffNoteRequestSchema>;
