import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { credentialAuditLog, invites, passkeyCredentials } from '../db/schema.js';
import { passIdentityCheck, seededStudentId } from './seeded-students.js';
import { SoftwareAuthenticator } from './software-authenticator.js';
import { startTestApp, type TestApp } from './test-app.js';
import type { TestDatabaseKind } from './test-databases.js';

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

export interface PasskeySuite {
  t: TestApp;
  /** The onboarding demo student, who has passed the identity check of her onboarding. */
  amara: string;
  /** The demo-login student: verified, and with no passkey. */
  priya: string;
  /** A new one for each test. */
  authenticator: SoftwareAuthenticator;
}

/**
 * What the passkey suites share, declared in the calling describe: one app on a database of
 * `kind`, Amara and Priya, and before each test no passkeys and a new authenticator
 * (forgetPasskeys). Its fields are set once the suite's hooks have run.
 */
export function passkeySuite(kind: TestDatabaseKind): PasskeySuite {
  // Filled in by beforeAll and beforeEach, before any test reads it.
  const suite = {} as PasskeySuite;
  beforeAll(async () => {
    suite.t = await startTestApp(kind);
    suite.amara = await seededStudentId(suite.t.app, 'Amara');
    suite.priya = await seededStudentId(suite.t.app, 'Priya');
    await passIdentityCheck(suite.t.app, suite.amara);
  });
  afterAll(() => suite.t.close());
  beforeEach(async () => {
    suite.authenticator = newAuthenticator();
    await forgetPasskeys(suite.t.app);
  });
  return suite;
}
