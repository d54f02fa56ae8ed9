import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_ADMISSION_STATUS } from '../../shared/applicant-data.js';
import {
  VERIFICATION_RESULT_CODES,
  VERIFICATION_RESULTS,
} from '../../shared/identity-verification.js';
import { MOI_REVIEW_RESULTS, MOI_SESSION_STATUSES, MOI_STATUSES } from '../../shared/moi.js';
import { ISSUED_DOCUMENT_KINDS } from '../../shared/issued-documents.js';
import { DOCUMENT_REQUEST_STATES, DOCUMENT_REVIEWS } from '../../shared/document-requests.js';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_STATES,
} from '../../shared/notifications.js';
import {
  CREDENTIAL_AUDIT_ACTIONS,
  CREDENTIAL_AUDIT_PROOFS,
  WEBAUTHN_CHALLENGE_PURPOSES,
} from '../../shared/passkeys.js';
import { AUDIT_ACTORS, STAFF_ROLES } from '../../shared/staff.js';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../shared/languages.js';
import { STUDENT_STAGES } from '../../shared/student-stages.js';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** What kind of demo person a student row is (students.demo); null for a real student. */
const DEMO_KINDS = ['persona', 'visitor'] as const;
export type DemoKind = (typeof DEMO_KINDS)[number];

/**
 * The database's own hold on a closed vocabulary of src/shared: the column holds one of its values
 * (or null, where it may be null), whatever writes it.
 */
const holdsOneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---- Organisations: the school a student enrolls with, the agency and agent who bring them ----

export const schools = pgTable('schools', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  requireMoi: boolean('require_moi').notNull().default(false),
  institutionType: text('institution_type'),
  institutionSize: text('institution_size'),
  phoneNumber: text('phone_number'),
  inboundEmailAddress: text('inbound_email_address'),
  whatsappNumber: text('whatsapp_number'),
  addressLine1: text('address_line_1'),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  country: text('country'),
  facebook: text('facebook'),
  instagram: text('instagram'),
  twitter: text('twitter'),
  website: text('website'),
  mission: text('mission'),
  createdAt: createdAt(),
});

export const agencies = pgTable('agencies', {
  id: serial('id').primaryKey(),
  companyName: text('company_name').notNull(),
  logoUrl: text('logo_url'),
  phoneNumber: text('phone_number'),
  publicEmail: text('public_email'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  businessServices: jsonb('business_services').$type<string[]>().notNull().default([]),
  facebook: text('facebook'),
  instagram: text('instagram'),
  twitter: text('twitter'),
  website: text('website'),
  createdAt: createdAt(),
});

export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  agencyId: integer('agency_id')
    .notNull()
    .references(() => agencies.id),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phoneNumber: text('phone_number'),
  email: text('email'),
  createdAt: createdAt(),
});

// ---- Students and their admission record ----

export const students = pgTable(
  'students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    /** The language the student reads the portal in: their e-mails and push are written in it. */
    language: text('language', { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    schoolId: integer('school_id').references(() => schools.id),
    agentId: integer('agent_id').references(() => agents.id),
    /**
     * The agency of the student's agent, kept by the database from agent_id (migration 0013), so
     * an agent's list pages through an index of its own (docs/decisions/018); null without one.
     */
    agencyId: integer('agency_id').references(() => agencies.id),
    /**
     * When the student's newest invite runs out, while nobody has used or revoked it; null
     * otherwise. Kept by the database from invites (migration 0013), so the staff list tells
     * "Invite expired" from one column of the student.
     */
    inviteLapsesAt: timestamp('invite_lapses_at', { withTimezone: true }),
    // Identity proof for the onboarding lookup: keyed hashes (HMAC with a key derived from
    // DATA_KEY) of the normalised passport number and the ISO birth date, never the values.
    passportNumberHash: text('passport_number_hash').notNull(),
    dateOfBirthHash: text('date_of_birth_hash').notNull(),
    faceVerified: boolean('face_verified').notNull().default(false),
    verificationResult: text('verification_result', { enum: VERIFICATION_RESULTS })
      .notNull()
      .default('pending'),
    admissionStatus: text('admission_status').notNull().default(DEFAULT_ADMISSION_STATUS),
    degree: text('degree'),
    major: text('major'),
    admittedSemester: text('admitted_semester'),
    acceptanceLetterUrl: text('acceptance_letter_url'),
    i20Issued: boolean('i20_issued').notNull().default(false),
    /** When the school issued the I-20 (YYYY-MM-DD), for the visa roadmap; null when not known. */
    i20IssuedOn: date('i20_issued_on', { mode: 'string' }),
    i20DocumentUrl: text('i20_document_url'),
    sevisPaid: boolean('sevis_paid').notNull().default(false),
    /** When the SEVIS I-901 fee was paid (YYYY-MM-DD), for the visa roadmap; null when not known. */
    sevisPaidOn: date('sevis_paid_on', { mode: 'string' }),
    moiStatus: text('moi_status', { enum: MOI_STATUSES }).notNull().default('Incomplete'),
    /** The day of the student's visa interview appointment, once they have one; null before. */
    visaAppointmentOn: date('visa_appointment_on', { mode: 'string' }),
    /**
     * Where the student is (src/shared/student-stages.ts), kept so the staff console can filter,
     * count and page by it: written from deriveStudentStage by db/student-stages.ts whenever what
     * it is derived from changes (docs/decisions/018).
     */
    stage: text('stage', { enum: STUDENT_STAGES }).notNull().default('invited'),
    /**
     * When the student last did something or their record last changed; null when nothing has
     * happened since the invite. Kept by the database's own triggers (migration 0013), from the
     * times of the rows that say so, so a restore gives back the same value.
     */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    /**
     * Goes up with every change to the record's statuses (the columns of last activity's
     * students_record_change trigger) and to an application's status, from the database's own
     * triggers (migration 0014), whoever writes: a console save names the version it changes and
     * is refused when another came first (docs/decisions/019).
     */
    recordVersion: integer('record_version').notNull().default(1),
    /**
     * What the staff list's search looks in: the names, e-mail and id in lower case without
     * accents (the function is migration 0013's), cut into derived.student_words.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`student_search_text(${students.firstName}, ${students.lastName}, ${students.email}, ${students.id})`,
      ),
    /** Tokens issued before this instant are refused: logout everywhere, lost device, takeover. */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    /**
     * Account recovery's lookup by passport number and birth date, like an invite's lookup: misses
     * in a row on this student's passport number, and the lock five of them set (15 minutes).
     */
    recoveryMisses: integer('recovery_misses').notNull().default(0),
    recoveryLockedUntil: timestamp('recovery_locked_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * Null for a real student. 'persona': a person of the demo seed; 'visitor': a demo login's
     * own copy of a persona, removed a day after it was made (demo-visitors.ts). Outside demo mode
     * no demo person is let in by any path (docs/decisions/014).
     */
    demo: text('demo', { enum: DEMO_KINDS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('students_email_unique').on(sql`lower(${t.email})`),
    holdsOneOf('students_demo_kind', t.demo, DEMO_KINDS),
    holdsOneOf('students_verification_result', t.verificationResult, VERIFICATION_RESULTS),
    holdsOneOf('students_moi_status', t.moiStatus, MOI_STATUSES),
    holdsOneOf('students_language', t.language, LANGUAGES),
    holdsOneOf('students_stage', t.stage, STUDENT_STAGES),
    // The staff list's reads (docs/performance.md, the staff list): a passport number's exact
    // match, and each order it pages in, for every student, by stage, by school and by agency.
    // A search reads derived.student_words.
    index('students_passport_hash_idx').on(t.passportNumberHash),
    index('students_name_order_idx').on(
      sql`lower(${t.lastName})`,
      sql`lower(${t.firstName})`,
      t.id,
    ),
    index('students_stage_name_order_idx').on(
      t.stage,
      sql`lower(${t.lastName})`,
      sql`lower(${t.firstName})`,
      t.id,
    ),
    index('students_school_name_order_idx').on(
      t.schoolId,
      sql`lower(${t.lastName})`,
      sql`lower(${t.firstName})`,
      t.id,
    ),
    index('students_agency_name_order_idx').on(
      t.agencyId,
      sql`lower(${t.lastName})`,
      sql`lower(${t.firstName})`,
      t.id,
    ),
    index('students_activity_order_idx').on(
      sql`coalesce(${t.lastActivityAt}, '-infinity'::timestamptz) desc`,
      sql`${t.id} desc`,
    ),
    // The pruning's read: demo visitors by age.
    index('students_demo_visitor_created_idx')
      .on(t.createdAt)
      .where(sql`${t.demo} = 'visitor'`),
  ],
);

export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** HMAC of the normalised code: a leaked table does not reveal usable codes. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Set when the student registers their first passkey with it: a code works for one onboarding. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    consecutiveMisses: integer('consecutive_misses').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invites_code_hash_unique').on(t.codeHash),
    // A student's newest invite, which students.invite_lapses_at follows.
    index('invites_student_newest_idx').on(t.studentId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Fixed-window counters for rate limits that must hold across restarts and server instances. */
export const rateLimits = pgTable('rate_limits', {
  bucket: text('bucket').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/**
 * Sessions ended by logout before their token expired. A token cannot be recalled, so its id
 * stays here until it would have expired anyway; the hourly pruning removes it then.
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_sessions_expires_at_idx').on(t.expiresAt)],
);

export const profiles = pgTable('profiles', {
  studentId: uuid('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  streetAddress: text('street_address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  country: text('country').notNull().default('United States'),
  nationality: text('nationality').notNull().default(''),
  visaStatus: text('visa_status').notNull().default('F-1'),
  i20SchoolCode: text('i20_school_code'),
  currentEducationLevel: text('current_education_level').notNull().default(''),
  intendedMajor: text('intended_major').notNull().default(''),
  englishProficiency: text('english_proficiency').notNull().default(''),
  housingPreference: text('housing_preference'),
  dietaryRestrictions: text('dietary_restrictions'),
  additionalNotes: text('additional_notes'),
  // Encrypted at rest with AES-256-GCM under DATA_KEY (iv.tag.ciphertext, base64url).
  passportNumberEncrypted: text('passport_number_encrypted'),
  dateOfBirthEncrypted: text('date_of_birth_encrypted'),
  medicalConditionsEncrypted: text('medical_conditions_encrypted'),
  /** JSON of name, phone and relation, encrypted as one value. */
  emergencyContactEncrypted: text('emergency_contact_encrypted'),
  updatedAt: updatedAt(),
});

// ---- Applications, messages, documents ----

export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    university: text('university').notNull(),
    program: text('program').notNull(),
    /** accepted, under_review, documents_required, rejected, or anything the school sends. */
    status: text('status').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    portalUrl: text('portal_url'),
    admissionsEmail: text('admissions_email'),
    admissionsPhone: text('admissions_phone'),
    programStartDate: text('program_start_date'),
    updatedAt: updatedAt(),
  },
  (t) => [index('applications_student_idx').on(t.studentId)],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id').references(() => applications.id, {
      onDelete: 'set null',
    }),
    /** 'inbound' (admissions to student) or 'outbound' (student to an office). */
    direction: text('direction').notNull(),
    fromName: text('from_name').notNull(),
    toName: text('to_name').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    /**
     * For a student's message (outbound): when the office it was sent to read it, through the
     * admin command line; null while unread. is_read is the student's side and stays true for
     * their own messages.
     */
    officeReadAt: timestamp('office_read_at', { withTimezone: true }),
    /**
     * For an office's reply: the student's message it answers, so the student's /messages and the
     * staff inbox show the two as one conversation. Null for everything else.
     */
    replyToMessageId: integer('reply_to_message_id').references((): AnyPgColumn => messages.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_student_idx').on(t.studentId, t.createdAt),
    // The staff list's "unread message" counts: a student's messages no office has read.
    index('messages_unread_by_office_idx')
      .on(t.studentId)
      .where(sql`${t.direction} = 'outbound' and ${t.officeReadAt} is null`),
    // The staff inbox: the students' messages, unread first, then newest first, a page at a time.
    index('messages_office_inbox_idx')
      .on(sql`(${t.officeReadAt} is null)`, t.createdAt, t.id)
      .where(sql`${t.direction} = 'outbound'`),
    index('messages_reply_to_idx')
      .on(t.replyToMessageId)
      .where(sql`${t.replyToMessageId} is not null`),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id').references(() => applications.id, {
      onDelete: 'set null',
    }),
    fileName: text('file_name').notNull(),
    /** Detected from the content (magic bytes), not from the name or declared type. */
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    /** A generated key (see src/server/storage); one file per row, so a delete removes only its own. */
    storageKey: text('storage_key').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** The request it was uploaded into; null for the spec's free upload ("Other documents"). */
    documentRequestId: integer('document_request_id').references(
      (): AnyPgColumn => documentRequests.id,
      { onDelete: 'set null' },
    ),
    /** For a file in a request: pending until staff accept or reject it; null otherwise. */
    review: text('review', { enum: DOCUMENT_REVIEWS }),
    /** Why a rejected file was sent back, as the student reads it. */
    reviewReason: text('review_reason'),
    reviewedBy: uuid('reviewed_by').references(() => staff.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    // The list is a student's documents, newest first.
    index('documents_student_uploaded_idx').on(t.studentId, t.uploadedAt),
    uniqueIndex('documents_storage_key_unique').on(t.storageKey),
    index('documents_request_idx')
      .on(t.documentRequestId)
      .where(sql`${t.documentRequestId} is not null`),
    // The review queue: files waiting for staff, oldest first.
    index('documents_review_queue_idx')
      .on(t.uploadedAt, t.id)
      .where(sql`${t.review} = 'pending'`),
    holdsOneOf('documents_review', t.review, DOCUMENT_REVIEWS),
  ],
);

/**
 * A document staff ask a student for, on one of their applications (document-requests.ts). The
 * state follows the newest file uploaded into it and its review; the student id is kept beside
 * the application's so a student's reads and the staff scope need no join through applications.
 */
export const documentRequests = pgTable(
  'document_requests',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    note: text('note'),
    dueDate: date('due_date', { mode: 'string' }),
    state: text('state', { enum: DOCUMENT_REQUEST_STATES }).notNull().default('requested'),
    /** The reason the newest file was sent back, while the state is rejected. */
    reason: text('reason'),
    /** Who asked: a staff member, or null for a school's checklist and the command line. */
    requestedBy: uuid('requested_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('document_requests_application_idx').on(t.applicationId, t.id),
    index('document_requests_student_idx').on(t.studentId),
    holdsOneOf('document_requests_state', t.state, DOCUMENT_REQUEST_STATES),
  ],
);

/** A school's default checklist: each item is requested on each new application to the school. */
export const schoolChecklistItems = pgTable(
  'school_checklist_items',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    title: text('title').notNull(),
    note: text('note'),
    /** Due this many days after the application is added; null for none. */
    dueInDays: smallint('due_in_days'),
  },
  (t) => [uniqueIndex('school_checklist_items_position_unique').on(t.schoolId, t.position)],
);

// ---- Passkeys ----

export const passkeyCredentials = pgTable(
  'passkey_credentials',
  {
    /** The credential id, base64url, as the authenticator reports it. */
    id: text('id').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type'),
    backedUp: boolean('backed_up').notNull().default(false),
    /**
     * What the student's list of passkeys calls it: the browser and system it was made on
     * ('Chrome on Android'), read from the User-Agent at registration.
     */
    name: text('name').notNull().default('Passkey'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkey_credentials_student_idx').on(t.studentId)],
);

/** One row per change to a student's passkeys, written in the same transaction as the change. */
export const credentialAuditLog = pgTable(
  'credential_audit_log',
  {
    id: serial('id').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    action: text('action', { enum: CREDENTIAL_AUDIT_ACTIONS }).notNull(),
    /** What authorised the change; rows from before it was recorded have none. */
    proof: text('proof', { enum: CREDENTIAL_AUDIT_PROOFS }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credential_audit_student_idx').on(t.studentId),
    holdsOneOf('credential_audit_action', t.action, CREDENTIAL_AUDIT_ACTIONS),
    holdsOneOf('credential_audit_proof', t.proof, CREDENTIAL_AUDIT_PROOFS),
  ],
);

export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: WEBAUTHN_CHALLENGE_PURPOSES }).notNull(),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'cascade' }),
    /** The staff member a staff enrolment is for; null for every other ceremony. */
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    holdsOneOf('webauthn_challenges_purpose', t.purpose, WEBAUTHN_CHALLENGE_PURPOSES),
    // A ceremony is a student's or a staff member's, never both.
    check('webauthn_challenges_one_person', sql`${t.studentId} is null or ${t.staffId} is null`),
  ],
);

// ---- Account recovery: a student without their passkey proves who they are again ----

/**
 * One recovery: opened when the passport number and birth date matched a student with an account,
 * good for RECOVERY_MINUTES, approved by its own identity check (the sessions naming it), and
 * completed by the new passkey, which revokes every other (docs/decisions/022). The student's own
 * verification is never touched by it, so a stranger's attempt changes nothing for them.
 */
export const accountRecoveries = pgTable(
  'account_recoveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The result of this recovery's newest identity check: 'pending' until one is decided. */
    verificationResult: text('verification_result', { enum: VERIFICATION_RESULTS })
      .notNull()
      .default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the new passkey: the recovery session ends with it. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_recoveries_student_idx').on(t.studentId),
    holdsOneOf(
      'account_recoveries_verification_result',
      t.verificationResult,
      VERIFICATION_RESULTS,
    ),
  ],
);

// ---- Identity verification ----

export const identityVerificationSessions = pgTable(
  'identity_verification_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    sessionUrl: text('session_url'),
    /**
     * The provider's word for where the session is: 'created' here, then what its events and
     * decision say (started, submitted, approved, declined, resubmission_requested, expired,
     * abandoned, review, ...). Kept as the provider sends it, so not a closed list.
     */
    status: text('status').notNull().default('created'),
    /** The decision's result code; null until a decision. */
    resultCode: text('result_code', { enum: VERIFICATION_RESULT_CODES }),
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * Set when a new invite made the student prove who they are again (account recovery): the
     * session is kept as history, but no longer their current attempt, so no decision for it,
     * however late, can verify them.
     */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /**
     * The account recovery this check proves the student for; null for the student's own
     * (onboarding) check. A recovery's checks never set the student's verification.
     */
    recoveryId: uuid('recovery_id').references((): AnyPgColumn => accountRecoveries.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('identity_sessions_recovery_idx').on(t.recoveryId),
    uniqueIndex('identity_sessions_provider_session_unique').on(t.provider, t.providerSessionId),
    index('identity_sessions_student_idx').on(t.studentId),
    holdsOneOf('identity_sessions_result_code', t.resultCode, VERIFICATION_RESULT_CODES),
  ],
);

export const identityVerificationEvents = pgTable(
  'identity_verification_events',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => identityVerificationSessions.id, { onDelete: 'cascade' }),
    /** A digest of the raw webhook body, so a replayed delivery is recognised and ignored. */
    deliveryDigest: text('delivery_digest').notNull(),
    kind: text('kind').notNull(),
    /** The provider's own event time, so a late, older decision never overrides a newer one. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identity_events_delivery_unique').on(t.deliveryDigest)],
);

// ---- Waitlist ----

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    feature: text('feature').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('waitlist_email_feature_unique').on(sql`lower(${t.email})`, t.feature)],
);

// ---- Consulate wait times ----

export const visaWaitTimes = pgTable('visa_wait_times', {
  post: text('post').primaryKey(),
  country: text('country').notNull(),
  countryCode: text('country_code'),
  /** The cell text as the State Department publishes it ("2 Months", "< 0.5 Month", "N/A"). */
  studentVisaWaitTime: text('student_visa_wait_time').notNull(),
  updatedAt: updatedAt(),
});

export const visaWaitTimeRefreshes = pgTable('visa_wait_time_refreshes', {
  id: serial('id').primaryKey(),
  sourceUrl: text('source_url').notNull(),
  /** The "Last updated" date the source page states, when it states one. */
  sourceUpdatedOn: text('source_updated_on'),
  postCount: integer('post_count').notNull(),
  /** 'ok' or 'failed'; a failed refresh keeps the previous figures. */
  outcome: text('outcome').notNull(),
  error: text('error'),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- The recorded English (MOI) interview ----

export const moiQuestions = pgTable('moi_questions', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  position: integer('position').notNull(),
  active: boolean('active').notNull().default(true),
});

export const moiSessions = pgTable(
  'moi_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    status: text('status', { enum: MOI_SESSION_STATUSES }).notNull().default('recording'),
    /** Null until the school has reviewed it. */
    reviewResult: text('review_result', { enum: MOI_REVIEW_RESULTS }),
    /** Why the school asked for a retake, which the student reads; null otherwise. */
    reviewReason: text('review_reason'),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    index('moi_sessions_student_idx').on(t.studentId),
    holdsOneOf('moi_sessions_status', t.status, MOI_SESSION_STATUSES),
    holdsOneOf('moi_sessions_review_result', t.reviewResult, MOI_REVIEW_RESULTS),
  ],
);

export const moiVideos = pgTable(
  'moi_videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => moiSessions.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => moiQuestions.id),
    videoIndex: integer('video_index').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('moi_videos_session_index_unique').on(t.sessionId, t.videoIndex)],
);

/** The kinds of document a school or the consultancy issues to a student as a file. */

/**
 * A document issued to the student as a file (the I-20's PDF), one of each kind: a new upload
 * replaces the one before. The student downloads their own; staff in scope open it.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: serial('id').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ISSUED_DOCUMENT_KINDS }).notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Who uploaded it: a staff member, or null for the command line. */
    uploadedBy: uuid('uploaded_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('issued_documents_student_kind_unique').on(t.studentId, t.kind),
    holdsOneOf('issued_documents_kind', t.kind, ISSUED_DOCUMENT_KINDS),
  ],
);

// ---- The staff console: its people, their sessions, and the audit log of what they do ----

export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** An agent's agency; null for every other role. */
    agencyId: integer('agency_id').references(() => agencies.id),
    /** A school officer's school; null for every other role. */
    schoolId: integer('school_id').references(() => schools.id),
    /** A disabled account's sessions and passkeys stop at once; the row stays for the audit log. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Sessions started before this instant are refused (a disabled, recovered or taken account). */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    /** A demo staff member of the seed: let in by demo mode only (docs/decisions/014). */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_email_unique').on(sql`lower(${t.email})`),
    holdsOneOf('staff_role', t.role, STAFF_ROLES),
    // An agent belongs to one agency, a school officer to one school, an administrator to neither.
    check(
      'staff_organisation',
      sql`(${t.role} = 'admin' and ${t.agencyId} is null and ${t.schoolId} is null)
        or (${t.role} = 'agent' and ${t.agencyId} is not null and ${t.schoolId} is null)
        or (${t.role} = 'school' and ${t.schoolId} is not null and ${t.agencyId} is null)`,
    ),
  ],
);

/**
 * A staff member's signed-in browser. The cookie holds a random secret; this row holds only its
 * hash, so a leaked table opens no session. A session ends 8 hours after it began, or 30 minutes
 * after its last request (staff-sessions.ts).
 */
/**
 * Staff's internal notes on a student: short, dated, by whom; read by staff in scope, never by
 * the student (no student route reads this table).
 */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: serial('id').primaryKey(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** Null once the account that wrote it is gone; the note stays. */
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_notes_student_idx').on(t.studentId, t.createdAt)],
);

/**
 * Texts staff insert into a reply and edit before sending ("We received your documents"), kept by
 * the administrators; every staff member reads them.
 */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Null once the account that last saved it is gone; the text stays. */
    updatedBy: uuid('updated_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Staff pick a saved reply by its title: two alike could not be told apart.
  (t) => [uniqueIndex('saved_replies_title_unique').on(sql`lower(${t.title})`)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** SHA-256 of the cookie's secret, base64url. */
    secretHash: text('secret_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    index('staff_sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * A staff member's passkeys: the shape of passkey_credentials, in a table of their own, so a
 * student's passkey can never open a staff session nor a staff passkey a student's
 * (docs/decisions/017). No simulated passkeys here: the console runs where WebAuthn does.
 */
export const staffPasskeyCredentials = pgTable(
  'staff_passkey_credentials',
  {
    /** The credential id, base64url, as the authenticator reports it. */
    id: text('id').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('staff_passkey_credentials_staff_idx').on(t.staffId)],
);

/**
 * A one-time link that lets a staff member register a passkey: issued with a new account, or to
 * recover one. The link carries a random token; this row holds only its SHA-256. It opens one
 * enrolment, within 72 hours, and only while it is the account's newest: issuing a link deletes
 * the account's unused older ones.
 */
export const staffEnrolmentLinks = pgTable(
  'staff_enrolment_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link's token, base64url. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_enrolment_links_token_hash_unique').on(t.tokenHash),
    index('staff_enrolment_links_staff_idx').on(t.staffId),
  ],
);

/**
 * What staff did, and what the command line did, to students and accounts: append-only (the
 * database refuses an update or a delete of a row, migration 0011). The student is named by id
 * without a reference, so a row outlives the student it is about. Details never hold a passport
 * number, a birth date or medical text.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor: text('actor', { enum: AUDIT_ACTORS }).notNull(),
    /** The staff member who acted; null for the command line. */
    staffId: uuid('staff_id').references(() => staff.id),
    /** A verb-noun name of what was done ('profile.reveal', 'staff.create'). */
    action: text('action').notNull(),
    studentId: uuid('student_id'),
    /** The caller's address as the server saw it (behind TRUST_PROXY, the client's). */
    address: text('address'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    holdsOneOf('audit_events_actor', t.actor, AUDIT_ACTORS),
    index('audit_events_created_idx').on(t.createdAt, t.id),
    index('audit_events_student_idx').on(t.studentId, t.createdAt),
    index('audit_events_staff_idx').on(t.staffId, t.createdAt),
  ],
);

// ---- Notifications: the outbox of what the portal tells people ----

/**
 * One message to one person on one channel, written in the transaction of the change that causes
 * it, so a change never happens without it and a rolled-back one sends nothing. The job queue
 * delivers it (modules/notifications). It holds a template's name and its parameters: a first
 * name, what happened, where to look; never a passport number, a birth date or medical data. The
 * address is read when it is sent, so a corrected e-mail address is used.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    /** The template it is written with (modules/notifications/templates). */
    template: text('template').notNull(),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    /** Notifications sent once whatever happens (a reminder): a second one with its key is not written. */
    onceKey: text('once_key'),
    state: text('state', { enum: NOTIFICATION_STATES }).notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    holdsOneOf('notifications_channel', t.channel, NOTIFICATION_CHANNELS),
    holdsOneOf('notifications_category', t.category, NOTIFICATION_CATEGORIES),
    holdsOneOf('notifications_state', t.state, NOTIFICATION_STATES),
    check('notifications_one_recipient', sql`(${t.studentId} is null) <> (${t.staffId} is null)`),
    uniqueIndex('notifications_once_key_unique').on(t.onceKey),
    // The relay's read: what is written and not yet handed to the queue, oldest first.
    index('notifications_queued_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'queued'`),
    index('notifications_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'failed'`),
    index('notifications_student_idx').on(t.studentId),
    index('notifications_staff_idx').on(t.staffId),
  ],
);

/**
 * A category a person turned off on a channel (the "Notifications" section, or an e-mail's
 * one-click unsubscribe): no row, the category is on. Read when a notification is delivered, so
 * turning one off also stops what is already queued.
 */
export const notificationOptOuts = pgTable(
  'notification_opt_outs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    holdsOneOf('notification_opt_outs_category', t.category, NOTIFICATION_CATEGORIES),
    holdsOneOf('notification_opt_outs_channel', t.channel, NOTIFICATION_CHANNELS),
    check(
      'notification_opt_outs_one_person',
      sql`(${t.studentId} is null) <> (${t.staffId} is null)`,
    ),
    uniqueIndex('notification_opt_outs_student_unique')
      .on(t.studentId, t.category, t.channel)
      .where(sql`${t.studentId} is not null`),
    uniqueIndex('notification_opt_outs_staff_unique')
      .on(t.staffId, t.category, t.channel)
      .where(sql`${t.staffId} is not null`),
  ],
);

/**
 * A browser a person turned push on in: the push service's endpoint and the keys the payload is
 * encrypted with (RFC 8291). Deleted when the push service says it is gone (404 or 410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('push_subscriptions_one_person', sql`(${t.studentId} is null) <> (${t.staffId} is null)`),
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_student_idx').on(t.studentId),
    index('push_subscriptions_staff_idx').on(t.staffId),
  ],
);

// ---- Derived: what the database keeps from the tables above, outside backups ----

/**
 * Figures the database keeps from the public tables with its own triggers (migration 0013). A
 * schema of their own, because a backup holds only the public schema: a restore inserts the
 * students again, and the triggers count them afresh.
 */
export const derived = pgSchema('derived');

/**
 * How many students are at each stage: in all, per school, per agency, and per school and agency
 * together (`grain` says which, as GROUPING() of (school_id, agency_id) numbers them: 3 for all,
 * 1 per school, 2 per agency, 0 per both, where null is a student with no school or agency). The
 * staff console's stage bar and totals read the nine rows of one grain rather than count 100,000
 * students on every page (docs/decisions/018); triggers on students keep it exact.
 */
export const studentStageCounts = derived.table(
  'student_stage_counts',
  {
    grain: smallint('grain').notNull(),
    schoolId: integer('school_id'),
    agencyId: integer('agency_id'),
    stage: text('stage', { enum: STUDENT_STAGES }).notNull(),
    students: integer('students').notNull(),
  },
  (t) => [
    unique('student_stage_counts_key')
      .on(t.grain, t.schoolId, t.agencyId, t.stage)
      .nullsNotDistinct(),
  ],
);

/**
 * Each word of each student's search text (names, e-mail and id, lower case, no accents), with
 * what the staff list filters, orders and counts a search's matches by, so that a search reads
 * only the index of this table, student_words_prefix_idx (migration 0013: the words, including
 * every other column), and never the students it matches (docs/decisions/018). Triggers on
 * students keep it; demo visitors have no words.
 */
export const studentWords = derived.table('student_words', {
  word: text('word').notNull(),
  studentId: uuid('student_id').notNull(),
  stage: text('stage', { enum: STUDENT_STAGES }).notNull(),
  schoolId: integer('school_id'),
  agencyId: integer('agency_id'),
  lastNameKey: text('last_name_key').notNull(),
  firstNameKey: text('first_name_key').notNull(),
});
