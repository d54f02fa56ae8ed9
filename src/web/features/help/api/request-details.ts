import { HELP_MESSAGES } from '../../../../shared/help.js';
import { apiRequest } from '../../../lib/api-client.js';
import { readStorage } from '../../../lib/browser-storage.js';
import { SESSION_STORAGE_KEYS } from '../../../lib/storage-keys.js';

/**
 * Spec sections 7 and 8: the two details calls POST with the bearer token and nothing else.
 * Without a token they do not go out at all ('No authentication token found'); any failure
 * after that, a refusal or an answer that is not the contract, reads as `failedMessage`, the
 * cause kept for the console.
 */
export async function requestDetails<T>(
  url: string,
  failedMessage: string,
  parse: (body: unknown) => T,
): Promise<T> {
  if (!readStorage('session', SESSION_STORAGE_KEYS.token)) throw new Error(HELP_MESSAGES.noToken);
  try {
    const res = await apiRequest('POST', url);
    return parse(await res.json());
  } catch (cause) {
    throw new Error(failedMessage, { cause });
  }
}
