import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_ADMISSION_STATUS } from '../../../shared/applicant-data.js';
import {
  NEW_STUDENT_ERRORS,
  type TNewStudent,
  type ZNewStudentRequestSchema,
} from '../../../shared/student-import.js';
import type { Database } from '../../db/client.js';
import { schools } from '../../db/schema.js';
import type { DataKeys } from '../../lib/crypto.js';
import { HttpError } from '../../lib/http-error.js';
import type { AuditActorRef } from '../audit/record-audit-event.js';
import type { StaffCaller } from '../staff-auth/staff-sessions.js';
import { scopeOrganisation } from '../staff-auth/students-in-scope.js';
import { findExistingStudents } from './existing-students.js';
import { findImportAgents, type ImportAgents } from './import-agents.js';
import { writeStudentImport } from './write-student-import.js';

type NewStudentRequest = z.output<typeof ZNewStudentRequestSchema>;

/** The agent a new student gets: the one chosen, if the caller may name them; else the agency's only one. */
function agentOf(agentsFound: ImportAgents, agentId: number | null): number | null {
  if (agentId !== null) {
    if (!agentsFound.ids.has(agentId)) throw new HttpError(400, NEW_STUDENT_ERRORS.unknownAgent);
    return agentId;
  }
  if (agentsFound.agencyId !== undefined && agentsFound.fallbackId === null)
    throw new HttpError(400, NEW_STUDENT_ERRORS.agentRequired);
  return agentsFound.fallbackId;
}

/**
 * Adds one student by hand with their first invite, through the import's writer (so a student
 * added here is stored, staged and audited as an imported one is), in one transaction. An
 * agent's student must have an agent of their agency, so it stays in their scope; a student
 * repeating one in the portal (by e-mail or passport number) is refused.
 */
export async function addStudent(
  { db, keys }: { db: Database; keys: DataKeys },
  caller: StaffCaller,
  by: AuditActorRef,
  request: NewStudentRequest,
): Promise<TNewStudent> {
  return db.transaction(async (tx) => {
    const [school] = await tx
      .select({ name: schools.name })
      .from(schools)
      .where(eq(schools.id, request.schoolId));
    if (!school) throw new HttpError(400, NEW_STUDENT_ERRORS.unknownSchool);
    const agentId = agentOf(
      await findImportAgents(tx, scopeOrganisation(caller).agencyId),
      request.agentId,
    );
    const existing = await findExistingStudents(tx, keys, {
      emails: [request.email],
      passportNumbers: [request.passportNumber],
    });
    if (existing.idByEmail.size > 0) throw new HttpError(409, NEW_STUDENT_ERRORS.duplicateEmail);
    if (existing.passportNumbers.size > 0)
      throw new HttpError(409, NEW_STUDENT_ERRORS.duplicatePassport);

    const [issued] = await writeStudentImport(
      tx,
      keys,
      {
        students: [
          {
            line: 1,
            first_name: request.firstName,
            last_name: request.lastName,
            email: request.email,
            passport_number: request.passportNumber,
            date_of_birth: request.dateOfBirth,
            nationality: request.nationality || null,
            school: school.name,
            agent_email: null,
            admission_status: DEFAULT_ADMISSION_STATUS,
            degree: null,
            major: null,
            admitted_semester: null,
            acceptance_letter_url: null,
            schoolId: request.schoolId,
            agentId,
          },
        ],
        applications: [],
        problems: [],
      },
      { by, action: 'student.create' },
    );
    if (!issued) throw new Error('the student was not added');
    return {
      studentId: issued.id,
      firstName: issued.firstName,
      lastName: issued.lastName,
      schoolName: school.name,
      code: issued.code,
      expiresAt: issued.expiresAt.toISOString(),
    };
  });
}
