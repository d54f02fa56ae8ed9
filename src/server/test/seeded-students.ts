import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { students } from '../db/schema.js';

/** The id of a demo person of the seed (db/seed-data/demo-people.ts), by first name. */
export async function seededStudentId(app: FastifyInstance, firstName: string): Promise<string> {
  const [row] = await app.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.firstName, firstName));
  if (!row) throw new Error(`no seeded student ${firstName}`);
  return row.id;
}

/** The student has passed the identity check of their onboarding. */
export async function passIdentityCheck(app: FastifyInstance, studentId: string): Promise<void> {
  await app.db
    .update(students)
    .set({ faceVerified: true, verificationResult: 'approved' })
    .where(eq(students.id, studentId));
}
