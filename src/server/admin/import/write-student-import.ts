import type { Database } from '../../db/client.js';
import { applications, profiles, students } from '../../db/schema.js';
import { type DataKeys, encryptField, lookupHash } from '../../lib/crypto.js';
import { recordAuditEvent } from '../../modules/audit/record-audit-event.js';
import { issueInvite } from '../../modules/invites/issue-invite.js';
import type { CheckedStudentImport } from './check-student-import.js';
import { toSubmittedAt } from './student-rows.js';

export interface IssuedStudent {
  email: string;
  firstName: string;
  lastName: string;
  code: string;
  expiresAt: Date;
}

/**
 * Writes a checked student import inside the caller's transaction: the students (passport number
 * and birth date only as keyed hashes for the onboarding lookup, and encrypted in the profile, as
 * the seed stores them), their profiles and applications, and one invite each through
 * issueInvite, the same code path as an account recovery; and the audit log's row of each
 * student it adds or gives applications, naming the import's files. Answers the codes, which
 * exist nowhere else: only their hashes are stored.
 */
export async function writeStudentImport(
  tx: Database,
  keys: DataKeys,
  checked: CheckedStudentImport,
  {
    validForDays,
    files,
  }: { validForDays: number; files: { students: string; applications: string | null } },
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
          .returning({ id: students.id, email: students.email });
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
  if (checked.applications.length > 0) {
    await tx.insert(applications).values(
      checked.applications.map((a) => ({
        studentId: a.existingStudentId ?? idOf(a.student_email),
        university: a.university,
        program: a.program,
        status: a.status,
        submittedAt: toSubmittedAt(a.submitted_at),
        portalUrl: a.portal_url,
        admissionsEmail: a.admissions_email,
        admissionsPhone: a.admissions_phone,
        programStartDate: a.program_start_date,
      })),
    );
  }

  const applicationsOf = new Map<string, number>();
  for (const a of checked.applications) {
    const studentId = a.existingStudentId ?? idOf(a.student_email);
    applicationsOf.set(studentId, (applicationsOf.get(studentId) ?? 0) + 1);
  }
  const issued: IssuedStudent[] = [];
  for (const s of checked.students) {
    const studentId = idOf(s.email);
    const invite = await issueInvite(tx, keys, { studentId, validForDays });
    const { code, expiresAt } = invite;
    issued.push({
      email: s.email,
      firstName: s.first_name,
      lastName: s.last_name,
      code,
      expiresAt,
    });
    await recordAuditEvent(
      tx,
      { actor: 'command-line' },
      {
        action: 'student.import',
        studentId,
        details: {
          file: files.students,
          applicationsFile: files.applications,
          applications: applicationsOf.get(studentId) ?? 0,
          inviteExpiresAt: expiresAt.toISOString(),
        },
      },
    );
    applicationsOf.delete(studentId);
  }
  // The students already in the portal that the applications file gave applications to.
  for (const [studentId, applications] of applicationsOf) {
    await recordAuditEvent(
      tx,
      { actor: 'command-line' },
      {
        action: 'applications.import',
        studentId,
        details: { file: files.applications, applications },
      },
    );
  }
  return issued;
}
