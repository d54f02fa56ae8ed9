import { readApiError } from '../../lib/read-api-error.js';

/**
 * What a failed passkey ceremony tells the person: the browser's "no" (cancelled, timed out, no
 * passkey matched: WebAuthn reports all as NotAllowedError or AbortError), the server's own
 * words for a refusal, a network failure, or `fallback`.
 */
export function passkeyFailureMessage(
  error: unknown,
  {
    cancelled,
    fallback,
  }: {
    cancelled: string;
    fallback: string;
  },
): string {
  if (typeof error === 'object' && error !== null && 'name' in error) {
    if (error.name === 'NotAllowedError' || error.name === 'AbortError') return cancelled;
  }
  if (error instanceof TypeError)
    return 'The server could not be reached. Check your connection and try again.';
  return readApiError(error)?.message ?? fallback;
}
