import type { z } from 'zod';
import {
  PASSKEY_CHANGE_MESSAGES,
  type ZAuthenticateCompleteRequestSchema,
} from '../../../shared/passkeys.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import type { ChallengeBinding } from './challenges.js';
import { verifyAssertion } from './complete-authentication.js';
import { verifySimulatedAssertion } from './complete-simulated-authentication.js';
import type { RelyingParty } from './relying-party.js';

type AnyAssertion = z.infer<typeof ZAuthenticateCompleteRequestSchema>['credential'];

/**
 * Verifies that one of the student's own passkeys answered their confirmation challenge
 * (beginConfirmation); a simulated passkey only in demo mode (the caller checks the gate). Any
 * failure, another student's passkey among them, is a 403 the student can act on: the session
 * itself still holds.
 */
export async function completeConfirmation(
  db: Database,
  rp: RelyingParty,
  studentId: string,
  credential: AnyAssertion,
): Promise<void> {
  const binding: ChallengeBinding = { purpose: 'confirmation', studentId };
  const confirmed =
    'demo' in credential
      ? await verifySimulatedAssertion(db, credential, binding)
      : await verifyAssertion(db, rp, credential, binding);
  if (confirmed !== studentId) {
    throw new HttpError(403, PASSKEY_CHANGE_MESSAGES.confirmationFailed);
  }
}
