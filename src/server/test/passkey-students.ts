import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { credentialAuditLog, invites, passkeyCredentials, students } from '../db/schema.js';
import { SoftwareAuthenticator } from './software-authenticator.js';

/** The origin the test server's passkeys are made for (its relying party is localhost). */
export const PASSKEY_ORIGIN = 'http://localhost:5000';

/** A new authenticator, holding no passkey yet, on the test server's origin. */
export const newAuthenticator = () =>
  new SoftwareAuthenticator({ origin: PASSKEY_ORIGIN, rpId: 'localhost' });

/** A seeded student's id, by first name (Amara is in onboarding; Priya has signed in before). */
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

/** An onboarding session as verify-user gives one: bound to the student's open invite. */
export async function onboardingSessionFor(
  app: FastifyInstance,
  studentId: string,
): Promise<string> {
  const [invite] = await app.db
    .select({ id: invites.id })
    .from(invites)
    .where(
      and(eq(invites.studentId, studentId), isNull(invites.usedAt), isNull(invites.revokedAt)),
    );
  if (!invite) throw new Error('the student has no open invite');
  return app.sessionTokens.issue(studentId, 'onboarding', invite.id);
}

/** Where each passkey test starts: no passkeys, no audit rows, and every invite open again. */
export async function forgetPasskeys(app: FastifyInstance): Promise<void> {
  await app.db.delete(passkeyCredentials);
  await app.db.delete(credentialAuditLog);
  await app.db.update(invites).set({ usedAt: null });
}
