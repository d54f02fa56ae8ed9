import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import {
  deriveStudentStage,
  type TStudentStage,
  type TStudentStageFacts,
} from '../../shared/student-stages.js';
import type { Database } from './client.js';
import { identityVerificationSessions, schools, students } from './schema.js';

/** The students whose ids are given, as one condition (one parameter, however many ids). */
export const studentsWithIds = (ids: readonly string[]): SQL =>
  sql`${students.id} in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`;

/** What deriveStudentStage needs of each student a condition picks, with the stage kept now. */
export function studentStageFacts(db: Database, which: SQL) {
  return db
    .select({
      id: students.id,
      stage: students.stage,
      faceVerified: students.faceVerified,
      verificationResult: students.verificationResult,
      identityCheckStarted: sql<boolean>`exists (${db
        .select({ one: sql`1` })
        .from(identityVerificationSessions)
        .where(
          and(
            eq(identityVerificationSessions.studentId, students.id),
            isNull(identityVerificationSessions.supersededAt),
            // An account recovery's check is the recovery's, not the student's own.
            isNull(identityVerificationSessions.recoveryId),
          ),
        )})`,
      schoolRequiresMoi: sql<boolean>`coalesce(${schools.requireMoi}, false)`,
      moiStatus: students.moiStatus,
      admissionStatus: students.admissionStatus,
      i20Issued: students.i20Issued,
      sevisPaid: students.sevisPaid,
      visaAppointmentOn: students.visaAppointmentOn,
    } satisfies Record<keyof TStudentStageFacts | 'id' | 'stage', unknown>)
    .from(students)
    .leftJoin(schools, eq(schools.id, students.schoolId))
    .where(which);
}

/**
 * Writes the stage deriveStudentStage gives each student `which` picks, where it changed. Every
 * write of something a stage is derived from (the record's statuses, the identity check, the
 * school's MOI rule, a new student) calls this in its own transaction, so the stored stage the
 * staff console filters and counts by is always the rule's (docs/decisions/018). The rows are
 * locked first: a concurrent change waits, then derives from what this one wrote.
 */
export async function refreshStudentStages(db: Database, which: SQL): Promise<void> {
  const rows = await studentStageFacts(db, which).for('update', { of: students });
  const moves = new Map<TStudentStage, string[]>();
  for (const { id, stage, ...facts } of rows) {
    const derived = deriveStudentStage(facts);
    if (derived !== stage) moves.set(derived, [...(moves.get(derived) ?? []), id]);
  }
  for (const [stage, ids] of moves) {
    await db.update(students).set({ stage }).where(studentsWithIds(ids));
  }
}
