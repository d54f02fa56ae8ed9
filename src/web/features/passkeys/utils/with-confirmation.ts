import { PASSKEY_CHANGE_MESSAGES } from '../../../../shared/passkeys.js';
import { readApiError } from '../../../lib/read-api-error.js';
import { PasskeyError } from './passkey-error.js';

/**
 * Whether the server refused a change to the student's passkeys because the session has not
 * proved with a passkey, in the last few minutes, that it is the student (decision 013).
 */
export function needsConfirmation(error: unknown): boolean {
  const answer = readApiError(error instanceof PasskeyError ? error.cause : error);
  return answer?.status === 403 && answer.message === PASSKEY_CHANGE_MESSAGES.confirmationRequired;
}

/**
 * Runs a change to the student's passkeys. When the server asks the student to confirm it is them
 * first, `confirm` runs (a passkey prompt, whose new session is stored) and the change runs once
 * more. The server refuses before anything is asked of the student's device, so the student sees
 * the confirmation prompt, then the change's own.
 */
export async function withConfirmation<T>(
  change: () => Promise<T>,
  confirm: () => Promise<unknown>,
): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!needsConfirmation(error)) throw error;
    await confirm();
    return change();
  }
}
