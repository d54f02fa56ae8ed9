import {
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '../../../../shared/api-paths.js';
import {
  PASSKEY_MESSAGES,
  SIMULATED_PASSKEY_DELAY_MS,
  ZRegisterCompleteResponseSchema,
  ZRegistrationOptionsSchema,
  type TPasskeyCompleteResponse,
  type TRegisterBeginRequest,
  type TRegisterCompleteRequest,
} from '../../../../shared/passkeys.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth.js';
import { readApiError } from '../../../lib/read-api-error.js';
import { isCancelledCeremony, PasskeyError } from '../utils/passkey-error.js';
import { storeSimulatedPasskey } from '../utils/simulated-passkey-storage.js';

/**
 * 'real': the browser's own passkey. 'simulated': demo mode where the browser cannot make one
 * (usePasskeySupport); the server makes a simulated passkey and this browser keeps it.
 */
export type PasskeyKind = 'real' | 'simulated';

/**
 * Who asks, as spec section 7 tells the two apart: sign-up sends the student id as the username,
 * the user id and the e-mail as display name, and the e-mail again as the completion's username;
 * the passkey screen sends the username the student typed alone, and the session's user id (when
 * there is a session) with the completion. The profile's Passkeys section (not in the spec) sends
 * the signed-in student's e-mail and id, and whether to sign out their other devices.
 */
export type RegisterPasskeyInput =
  | { from: 'signup'; studentId: string; userId: string; email: string }
  | { from: 'passkey-screen'; username: string; userId?: string | undefined }
  | { from: 'profile'; username: string; userId: string; signOutOtherDevices: boolean };

function requestBodies(input: RegisterPasskeyInput): {
  begin: TRegisterBeginRequest;
  complete: Omit<TRegisterCompleteRequest, 'credential'>;
} {
  if (input.from === 'signup') {
    return {
      begin: { username: input.studentId, userId: input.userId, displayName: input.email },
      complete: { username: input.email, userId: input.userId },
    };
  }
  if (input.from === 'profile') {
    return {
      begin: { username: input.username, userId: input.userId },
      complete: {
        username: input.username,
        userId: input.userId,
        signOutOtherDevices: input.signOutOtherDevices,
      },
    };
  }
  return {
    begin: { username: input.username },
    complete: { username: input.username, userId: input.userId },
  };
}

/**
 * The passkey registration of spec section 7: POST /api/webauthn/register/begin for the creation
 * options, the browser's passkey prompt, then POST /api/webauthn/register/complete, which stores
 * the passkey and answers a full session. The server decides whose account it is from the session
 * (an onboarding session after the identity check, or a full one); the names sent only confirm it.
 *
 * A simulated passkey (demo mode) takes the same two requests: after the spec's simulated delay
 * (section 9) the completion sends `{ demo: true, challenge }` in place of the browser's
 * credential, and the simulated passkey the server answers is kept in localStorage.
 *
 * Every failure is a PasskeyError carrying the spec section 8 message for where it stopped.
 */
export async function registerPasskey(
  input: RegisterPasskeyInput,
  kind: PasskeyKind = 'real',
): Promise<TPasskeyCompleteResponse> {
  const bodies = requestBodies(input);
  let optionsJSON: PublicKeyCredentialCreationOptionsJSON;
  try {
    const res = await apiRequest('POST', API_PATHS.registerBegin, bodies.begin);
    // Checked against the contract, whose schema fits SimpleWebAuthn's own options type.
    optionsJSON = ZRegistrationOptionsSchema.parse(await res.json());
  } catch (error) {
    throw new PasskeyError(PASSKEY_MESSAGES.challengeFailed, { stage: 'begin', cause: error });
  }

  let credential: RegistrationResponseJSON | { demo: true; challenge: string };
  try {
    credential =
      kind === 'simulated'
        ? await simulatedCreation(optionsJSON.challenge)
        : await startRegistration({ optionsJSON });
  } catch (error) {
    throw new PasskeyError(
      isCancelledCeremony(error) ? PASSKEY_MESSAGES.cancelled : PASSKEY_MESSAGES.createFailed,
      { stage: 'browser', cause: error },
    );
  }

  try {
    const res = await apiRequest('POST', API_PATHS.registerComplete, {
      credential,
      ...bodies.complete,
    });
    const { simulatedCredential, ...session } = ZRegisterCompleteResponseSchema.parse(
      await res.json(),
    );
    if (kind === 'simulated') {
      if (!simulatedCredential) throw new Error('The server answered no simulated passkey.');
      storeSimulatedPasskey(simulatedCredential);
    }
    return session;
  } catch (error) {
    // The server explains a refusal it can name (an expired challenge, a passkey already
    // registered); anything else gets the spec's default.
    throw new PasskeyError(
      readApiError(error)?.message ?? PASSKEY_MESSAGES.registrationFailedDefault,
      { stage: 'complete', cause: error },
    );
  }
}

/** Stands in for the browser's passkey prompt: the spec's delay, then the challenge back. */
async function simulatedCreation(challenge: string): Promise<{ demo: true; challenge: string }> {
  await new Promise((resolve) => setTimeout(resolve, SIMULATED_PASSKEY_DELAY_MS));
  return { demo: true, challenge };
}

/** Registers a passkey and, on success, signs the student in with the full session it answers. */
export function useRegisterPasskey(kind: PasskeyKind = 'real') {
  const { login } = useAuth();
  return useMutation({
    mutationFn: (input: RegisterPasskeyInput) => registerPasskey(input, kind),
    onSuccess: ({ token, user }) => {
      login(token, user);
    },
  });
}
