import { useMutation } from '@tanstack/react-query';
import {
  RECOVERY_TEXTS,
  ZStartRecoveryResponseSchema,
  type TStartRecoveryRequest,
} from '../../../../shared/account-recovery.js';
import { API_PATHS } from '../../../../shared/api-paths.js';
import type { TLoginResponse } from '../../../../shared/auth.js';
import { apiRequest } from '../../../lib/api-client.js';
import { readApiError } from '../../../lib/read-api-error.js';

/** A recovery that did not start, with a message written for the student. */
export class RecoveryError extends Error {
  override name = 'RecoveryError';
}

/**
 * POST /api/auth/recovery: the passport number and birth date open a recovery session, good only
 * for a new identity check and a new passkey. Throws a RecoveryError for a miss (the same for
 * every kind) and for too many attempts (the server's message says how long to wait).
 */
export async function startRecovery(body: TStartRecoveryRequest): Promise<TLoginResponse> {
  let res: Response;
  try {
    res = await apiRequest('POST', API_PATHS.recovery, body);
  } catch (error) {
    const answer = readApiError(error);
    if (answer?.status === 429 && answer.message) throw new RecoveryError(answer.message);
    throw error;
  }
  const data = ZStartRecoveryResponseSchema.parse(await res.json());
  if ('error' in data) throw new RecoveryError(RECOVERY_TEXTS.noMatch);
  return data;
}

export function useStartRecovery() {
  return useMutation({ mutationFn: startRecovery });
}
