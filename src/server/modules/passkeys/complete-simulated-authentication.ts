import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZSimulatedAuthenticationCredentialSchema } from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { passkeyCredentials } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { consumeChallenge, type ChallengeBinding } from './challenges.js';
import { SIGN_IN_REFUSED } from './complete-authentication.js';
import { SIMULATED_DEVICE_TYPE, simulatedSecretMatches } from './simulated-passkeys.js';

type SimulatedAuthenticationCredential = z.infer<typeof ZSimulatedAuthenticationCredentialSchema>;

/**
 * Demo mode only (the caller checks the gate, assertSimulatedPasskeysAllowed): a sign-in with a
 * simulated passkey. Every failure is the same 401, SIGN_IN_REFUSED.
 */
export async function completeSimulatedAuthentication(
  db: Database,
  credential: SimulatedAuthenticationCredential,
): Promise<string> {
  const studentId = await verifySimulatedAssertion(db, credential, {
    purpose: 'authentication',
    studentId: null,
  });
  if (studentId === null) throw new HttpError(401, SIGN_IN_REFUSED);
  return studentId;
}

/**
 * Demo mode only: a simulated passkey presented for a challenge of `binding`. The challenge is
 * used up first, as for a real passkey; then the credential must be a simulated one (a real
 * passkey's id never signs in with a secret), the student's own for a binding to a student, and
 * the secret must hash to what was stored. Answers the passkey's student, or null.
 */
export async function verifySimulatedAssertion(
  db: Database,
  credential: SimulatedAuthenticationCredential,
  binding: ChallengeBinding,
): Promise<string | null> {
  if (!(await consumeChallenge(db, credential.challenge, binding))) return null;
  const [stored] = await db
    .select({
      id: passkeyCredentials.id,
      studentId: passkeyCredentials.studentId,
      publicKey: passkeyCredentials.publicKey,
    })
    .from(passkeyCredentials)
    .where(
      and(
        eq(passkeyCredentials.id, credential.credentialId),
        eq(passkeyCredentials.deviceType, SIMULATED_DEVICE_TYPE),
      ),
    )
    .limit(1);
  if (!stored || !simulatedSecretMatches(credential.secret, stored.publicKey)) return null;
  if (binding.studentId !== null && stored.studentId !== binding.studentId) return null;
  await db
    .update(passkeyCredentials)
    .set({ lastUsedAt: new Date() })
    .where(eq(passkeyCredentials.id, stored.id));
  return stored.studentId;
}
