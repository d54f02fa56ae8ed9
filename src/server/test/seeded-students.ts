import { eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { students } from '../db/schema.js';
import { versionTag } from '../../shared/staff-student-changes.js';
import { refreshStudentStages } from '../db/student-stages.js';

/** The id of a demo person of the seed (db/seed-data/demo-people.ts), by first name. */
export async function seededStudentId(app: FastifyInstance, firstName: string): Promise<string> {
  const [row] = await app.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.firstName, firstName));
  if (!row) throw new Error(`no seeded student ${firstName}`);
  return row.id;
}

/**
 * Changes students' records as the portal's own writes do: in one transaction with the stage
 * each change leads to (db/student-stages.ts), which a test app checks as it closes.
 */
export async function changeStudents(
  app: FastifyInstance,
  which: SQL,
  changes: Partial<typeof students.$inferInsert>,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    await tx.update(students).set(changes).where(which);
    await refreshStudentStages(tx, which);
  });
}

/** The student has passed the identity check of their onboarding. */
export async function passIdentityCheck(app: FastifyInstance, studentId: string): Promise<void> {
  await changeStudents(app, eq(students.id, studentId), {
    faceVerified: true,
    verificationResult: 'approved',
  });
}

/** The If-Match a console change names: the student's record version as it stands now. */
export async function recordVersionTag(app: FastifyInstance, studentId: string): Promise<string> {
  const [row] = await app.db
    .select({ version: students.recordVersion })
    .from(students)
    .where(eq(students.id, studentId));
  if (!row) throw new Error(`no student ${studentId}`);
  return versionTag(row.version);
}
