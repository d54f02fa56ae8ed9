import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { credentialAuditLog, invites, passkeyCredentials } from '../db/schema.js';
import { SoftwareAuthenticator } from './software-authenticator.js';

/** The origin the test server's passkeys are made for (its relying party is localhost). */
export const PASSKEY_ORIGIN = 'http://localhost:5000';

/** A new authenticator, holding no passkey yet, on the test server's origin. */
export const newAuthenticator = () =>
  new SoftwareAuthenticator({ origin: PASSKEY_ORIGIN, rpId: 'localhost' });

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
