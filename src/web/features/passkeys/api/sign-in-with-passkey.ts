import {
  startAuthentication,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  PASSKEY_MESSAGES,
  ZAuthenticationOptionsSchema,
  ZPasskeyCompleteResponseSchema,
  type TPasskeyCompleteResponse,
} from '../../../../shared/passkeys.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';
import { readApiError } from '../../../lib/read-api-error.js';
import { isCancelledCeremony, isNetworkFailure, PasskeyError } from '../utils/passkey-error.js';
import { readSimulatedPasskey } from '../utils/simulated-passkey-storage.js';
import type { PasskeyKind } from './register-passkey.js';

/** A request to the server failed: offline, the server's own message, or the spec's default. */
function serverFailure(error: unknown, stage: 'begin' | 'complete'): PasskeyError {
  const message = isNetworkFailure(error)
    ? PASSKEY_MESSAGES.networkError
    : (readApiError(error)?.message ?? PASSKEY_MESSAGES.authenticationFailedRetry);
  return new PasskeyError(message, { stage, cause: error });
}

/**
 * The usernameless passkey sign-in of spec section 7: POST /api/webauthn/authenticate/begin with
 * an empty object, the browser's passkey prompt (the device offers whichever passkey it holds for
 * this portal), then POST /api/webauthn/authenticate/complete, which answers a full session.
 *
 * Every failure is a PasskeyError carrying the spec section 8 message for where it stopped.
 */
export async function signInWithPasskey(
  kind: PasskeyKind = 'real',
): Promise<TPasskeyCompleteResponse> {
  if (kind === 'simulated') return signInWithSimulatedPasskey();
  let optionsJSON: PublicKeyCredentialRequestOptionsJSON;
  try {
    const res = await apiRequest('POST', API_PATHS.authenticateBegin, {});
    // Checked against the contract, whose schema fits SimpleWebAuthn's own options type.
    optionsJSON = ZAuthenticationOptionsSchema.parse(await res.json());
  } catch (error) {
    throw serverFailure(error, 'begin');
  }

  let credential: AuthenticationResponseJSON;
  try {
    credential = await startAuthentication({ optionsJSON });
  } catch (error) {
    throw new PasskeyError(
      isCancelledCeremony(error)
        ? PASSKEY_MESSAGES.noCredential
        : PASSKEY_MESSAGES.authenticationFailed,
      { stage: 'browser', cause: error },
    );
  }

  let res: Response;
  try {
    res = await apiRequest('POST', API_PATHS.authenticateComplete, { credential });
  } catch (error) {
    throw serverFailure(error, 'complete');
  }
  try {
    return ZPasskeyCompleteResponseSchema.parse(await res.json());
  } catch (error) {
    throw new PasskeyError(PASSKEY_MESSAGES.authenticationFailed, {
      stage: 'complete',
      cause: error,
    });
  }
}

/**
 * Demo mode where the browser cannot make passkeys: the same two requests, with the simulated
 * passkey this browser keeps in place of the browser's prompt. With none kept there is nothing to
 * offer, as when a device holds no passkey for the portal, and nothing is asked of the server.
 */
async function signInWithSimulatedPasskey(): Promise<TPasskeyCompleteResponse> {
  const passkey = readSimulatedPasskey();
  if (!passkey) {
    throw new PasskeyError(PASSKEY_MESSAGES.noCredential, { stage: 'browser', cause: null });
  }
  let challenge: string;
  try {
    const res = await apiRequest('POST', API_PATHS.authenticateBegin, {});
    challenge = ZAuthenticationOptionsSchema.parse(await res.json()).challenge;
  } catch (error) {
    throw serverFailure(error, 'begin');
  }

  let res: Response;
  try {
    res = await apiRequest('POST', API_PATHS.authenticateComplete, {
      credential: { demo: true, challenge, credentialId: passkey.id, secret: passkey.secret },
    });
  } catch (error) {
    throw serverFailure(error, 'complete');
  }
  try {
    return ZPasskeyCompleteResponseSchema.parse(await res.json());
  } catch (error) {
    throw new PasskeyError(PASSKEY_MESSAGES.demoMissingToken, { stage: 'complete', cause: error });
  }
}

/** Signs in with a passkey and, on success, stores the session it answers. */
export function useSignInWithPasskey(kind: PasskeyKind = 'real') {
  const { login } = useAuth();
  return useMutation({
    mutationFn: () => signInWithPasskey(kind),
    onSuccess: ({ token, user }) => {
      login(token, user);
    },
  });
}
