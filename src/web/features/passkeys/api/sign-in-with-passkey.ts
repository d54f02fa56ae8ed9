import {
  startAuthentication,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
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

/** The two requests of a passkey assertion: its challenge, and the assertion's answer. */
interface AssertionPaths {
  begin: string;
  complete: string;
}

const SIGN_IN: AssertionPaths = {
  begin: API_PATHS.authenticateBegin,
  complete: API_PATHS.authenticateComplete,
};
/** "Confirm it's you" (decision 013): the signed-in student's own passkeys only. */
const CONFIRMATION: AssertionPaths = {
  begin: API_PATHS.confirmBegin,
  complete: API_PATHS.confirmComplete,
};

/**
 * The usernameless passkey sign-in of spec section 7: POST /api/webauthn/authenticate/begin with
 * an empty object, the browser's passkey prompt (the device offers whichever passkey it holds for
 * this portal), then POST /api/webauthn/authenticate/complete, which answers a full session.
 *
 * Every failure is a PasskeyError carrying the spec section 8 message for where it stopped.
 */
export function signInWithPasskey(kind: PasskeyKind = 'real'): Promise<TPasskeyCompleteResponse> {
  return assertWithPasskey(kind, SIGN_IN);
}

/**
 * The signed-in student confirms it is them with one of their passkeys, the same ceremony on the
 * confirmation's paths; the server answers a new session that may change passkeys for a while.
 */
export function confirmWithPasskey(kind: PasskeyKind = 'real'): Promise<TPasskeyCompleteResponse> {
  return assertWithPasskey(kind, CONFIRMATION);
}

async function assertWithPasskey(
  kind: PasskeyKind,
  paths: AssertionPaths,
): Promise<TPasskeyCompleteResponse> {
  if (kind === 'simulated') return assertWithSimulatedPasskey(paths);
  let optionsJSON: PublicKeyCredentialRequestOptionsJSON;
  try {
    const res = await apiRequest('POST', paths.begin, {});
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
    res = await apiRequest('POST', paths.complete, { credential });
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
async function assertWithSimulatedPasskey(
  paths: AssertionPaths,
): Promise<TPasskeyCompleteResponse> {
  const passkey = readSimulatedPasskey();
  if (!passkey) {
    throw new PasskeyError(PASSKEY_MESSAGES.noCredential, { stage: 'browser', cause: null });
  }
  let challenge: string;
  try {
    const res = await apiRequest('POST', paths.begin, {});
    challenge = ZAuthenticationOptionsSchema.parse(await res.json()).challenge;
  } catch (error) {
    throw serverFailure(error, 'begin');
  }

  let res: Response;
  try {
    res = await apiRequest('POST', paths.complete, {
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

/**
 * "Confirm it's you" as a step of a change to the student's passkeys (withConfirmation): runs the
 * confirmation and stores the new session it answers, so the change that follows sends it.
 */
export function useConfirmWithPasskey(kind: PasskeyKind = 'real'): () => Promise<void> {
  const { login } = useAuth();
  return useCallback(async () => {
    const { token, user } = await confirmWithPasskey(kind);
    login(token, user);
  }, [kind, login]);
}
