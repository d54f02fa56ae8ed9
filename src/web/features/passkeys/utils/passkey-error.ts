import { readApiError } from '../../../lib/read-api-error.js';

/**
 * Where a passkey ceremony stopped: asking the server for a challenge, in the browser's own
 * passkey prompt, or handing the result back to the server.
 */
export type PasskeyStage = 'begin' | 'browser' | 'complete';

/**
 * A passkey failure whose message is one of spec section 8's passkey messages (or the server's own
 * message, when it sent one), ready to show. `status` is the HTTP status when the server answered.
 */
export class PasskeyError extends Error {
  override name = 'PasskeyError';
  readonly stage: PasskeyStage;
  readonly status: number | null;

  constructor(message: string, { stage, cause }: { stage: PasskeyStage; cause: unknown }) {
    super(message, { cause });
    this.stage = stage;
    this.status = readApiError(cause)?.status ?? null;
  }
}

/**
 * The browser's "the student said no": the prompt was cancelled or dismissed, it timed out, or no
 * passkey on the device matched. WebAuthn reports all of these as NotAllowedError (or AbortError),
 * and @simplewebauthn/browser keeps that name on the error it throws.
 */
export function isCancelledCeremony(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('name' in error)) return false;
  return error.name === 'NotAllowedError' || error.name === 'AbortError';
}

/** fetch rejects with a TypeError when the request never reached the server (offline, DNS). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * What a passkey mutation's last failure says to the student, or null when it has not failed:
 * the PasskeyError's message, or `fallback` for anything else.
 */
export function passkeyFailureMessage(
  mutation: { isError: boolean; error: Error | null },
  fallback: string,
): string | null {
  if (!mutation.isError) return null;
  return mutation.error instanceof PasskeyError ? mutation.error.message : fallback;
}
