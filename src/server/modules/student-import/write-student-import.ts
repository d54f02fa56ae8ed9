import type { TAuditAction } from '../../../shared/audit-log.js';
import type { Database } from '../../db/client.js';
import { applications, invites, profiles, students } from '../../db/schema.js';
import { refreshStudentStages, studentsWithIds } from '../../db/student-stages.js';
import { type DataKeys, encryptField, lookupHash } from '../../lib/crypto.js';
import { HttpError } from '../../lib/http-error.js';
import {
  type AuditActorRef,
  type AuditEvent,
  recordAuditEvents,
} from '../audit/record-audit-event.js';
import { newInvites } from '../invites/issue-invite.js';
import { recordInviteNotifications } from '../invites/record-invite-notifications.js';
import type { CheckedStudentImport } from './check-student-import.js';
import { toSubmittedAt } from './student-rows.js';
import { requestSchoolChecklists } from '../document-requests/school-checklist.js';

export const ADDED_MEANWHILE =
  'A student with one of these e-mails was added meanwhile; nothing was added. Check again.';

export interface IssuedStudent {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  code: string;
  expiresAt: Date;
}

export interface StudentImportWrite {
  by: AuditActorRef;
  /** 'student.import' for a file, 'student.create' for one student added by hand. */
  action: Extract<TAuditAction, 'student.import' | 'student.create'>;
  validForDays?: number;
  /** The files the rows came from, as the audit rows name them (none for a student added by hand). */
  files?: { students: string; applications: string | null };
}

/**
 * Writes a checked student import inside the caller's transaction, a few statements for any
 * number of rows: the students (passport number and birth date only as keyed hashes for the
 * onboarding lookup, and encrypted in the profile, as the seed stores them), their profiles and
 * applications, their stages, a first invite each (a new student has nothing an invite must end,
 * so none of issueInvite's revocations apply), and the audit log's row of each student it adds or
 * gives applications. Answers the codes, which exist nowhere else: only their hashes are stored.
 */
export async function writeStudentImport(
  tx: Database,
  keys: DataKeys,
  checked: CheckedStudentImport,
  write: StudentImportWrite,
): Promise<IssuedStudent[]> {
  const inserted =
    checked.students.length === 0
      ? []
      : await tx
          .insert(students)
          .values(
            checked.students.map((s) => ({
              firstName: s.first_name,
              lastName: s.last_name,
              email: s.email,
              schoolId: s.schoolId,
              agentId: s.agentId,
              passportNumberHash: lookupHash(keys, s.passport_number),
              dateOfBirthHash: lookupHash(keys, s.date_of_birth),
              admissionStatus: s.admission_status,
              degree: s.degree,
              major: s.major,
              admittedSemester: s.admitted_semester,
              acceptanceLetterUrl: s.acceptance_letter_url,
            })),
          )
          // Only the unique index on lower(email) can conflict: the check found no such student,
          // so one was added meanwhile, and the whole import stops rather than fail half-way.
          .onConflictDoNothing()
          .returning({ id: students.id, email: students.email });
  if (inserted.length < checked.students.length) throw new HttpError(409, ADDED_MEANWHILE);
  const idByEmail = new Map(inserted.map((row) => [row.email ?? '', row.id]));
  const idOf = (email: string) => {
    const id = idByEmail.get(email);
    if (id === undefined) throw new Error(`import: no student row for ${email}`);
    return id;
  };

  if (checked.students.length > 0) {
    await tx.insert(profiles).values(
      checked.students.map((s) => ({
        studentId: idOf(s.email),
        firstName: s.first_name,
        lastName: s.last_name,
        email: s.email,
        nationality: s.nationality ?? '',
        passportNumberEncrypted: encryptField(keys, s.passport_number),
        dateOfBirthEncrypted: encryptField(keys, s.date_of_birth),
      })),
    );
  }
  const applicationsOf = new Map<string, number>();
  if (checked.applications.length > 0) {
    const rows = checked.applications.map((a) => ({
      studentId: a.existingStudentId ?? idOf(a.student_email),
      university: a.university,
      program: a.program,
      status: a.status,
      submittedAt: toSubmittedAt(a.submitted_at),
      portalUrl: a.portal_url,
      admissionsEmail: a.admissions_email,
      admissionsPhone: a.admissions_phone,
      programStartDate: a.program_start_date,
    }));
    const added = await tx.insert(applications).values(rows).returning({ id: applications.id });
    await requestSchoolChecklists(
      tx,
      added.map((a) => a.id),
    );
    for (const { studentId } of rows)
      applicationsOf.set(studentId, (applicationsOf.get(studentId) ?? 0) + 1);
  }

  const issued = newInvites(
    keys,
    checked.students.map((s) => idOf(s.email)),
    { validForDays: write.validForDays, now: new Date() },
  );
  if (issued.length > 0) await tx.insert(invites).values(issued.map((i) => i.row));
  await recordInviteNotifications(
    tx,
    keys,
    issued.map(({ row, code }) => ({ studentId: row.studentId, code, expiresAt: row.expiresAt })),
  );
  await refreshStudentStages(
    tx,
    studentsWithIds([...idByEmail.values(), ...applicationsOf.keys()]),
  );

  await recordAuditEvents(tx, write.by, auditEvents(issued, applicationsOf, write));
  return checked.students.map((s, i) => {
    const invite = issued[i];
    if (!invite) throw new Error(`import: no invite for ${s.email}`);
    return {
      id: invite.row.studentId,
      email: s.email,
      firstName: s.first_name,
      lastName: s.last_name,
      code: invite.code,
      expiresAt: invite.row.expiresAt,
    };
  });
}

/** A row for each student added, and for each student already in the portal given applications. */
function auditEvents(
  issued: ReturnType<typeof newInvites>,
  applicationsOf: Map<string, number>,
  { action, files }: StudentImportWrite,
): AuditEvent[] {
  const added = new Set(issued.map((i) => i.row.studentId));
  return [
    ...issued.map(({ row }) => ({
      action,
      studentId: row.studentId,
      details: {
        ...(files ? { file: files.students, applicationsFile: files.applications } : {}),
        applications: applicationsOf.get(row.studentId) ?? 0,
        inviteExpiresAt: row.expiresAt.toISOString(),
      },
    })),
    ...[...applicationsOf]
      .filter(([studentId]) => !added.has(studentId))
      .map(([studentId, applications]) => ({
        action: 'applications.import' as const,
        studentId,
        details: { file: files?.applications ?? null, applications },
      })),
  ];
}
