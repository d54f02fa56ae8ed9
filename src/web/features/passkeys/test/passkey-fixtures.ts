import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { onboardingStudent } from '../../../test/data-generators.js';

/**
 * What the server and the browser's WebAuthn API answer in the passkey tests. The ceremonies'
 * cryptography is checked by the server's API tests and the end-to-end journey; here only the
 * shapes travel.
 */
export const STUDENT_ID = '0b7c6f0e-4a39-4a8e-9d59-2f1f7a6c1a11';

/** Amara in onboarding, after the identity check: she may create her passkey. */
export const amara = onboardingStudent({ faceVerified: true, verificationResult: 'approved' });

export const registrationOptions: PublicKeyCredentialCreationOptionsJSON = {
  challenge: 'cmVnaXN0cmF0aW9uLWNoYWxsZW5nZQ',
  rp: { id: 'localhost', name: 'F-1 Student Portal' },
  user: { id: 'C3xvDkoKSo6dWS8fenwaEQ', name: amara.email ?? '', displayName: 'Amara Okafor' },
  pubKeyCredParams: [
    { type: 'public-key', alg: -8 },
    { type: 'public-key', alg: -7 },
    { type: 'public-key', alg: -257 },
  ],
  timeout: 60_000,
  attestation: 'none',
  excludeCredentials: [],
  authenticatorSelection: {
    authenticatorAttachment: 'platform',
    residentKey: 'required',
    requireResidentKey: true,
    userVerification: 'required',
  },
};

export const authenticationOptions: PublicKeyCredentialRequestOptionsJSON = {
  challenge: 'YXV0aGVudGljYXRpb24tY2hhbGxlbmdl',
  rpId: 'localhost',
  timeout: 60_000,
  allowCredentials: [],
  userVerification: 'preferred',
};

export const registrationCredential: RegistrationResponseJSON = {
  id: 'Y3JlZGVudGlhbC0x',
  rawId: 'Y3JlZGVudGlhbC0x',
  type: 'public-key',
  response: {
    clientDataJSON: 'Y2xpZW50LWRhdGE',
    attestationObject: 'YXR0ZXN0YXRpb24',
    transports: ['internal'],
  },
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
};

export const authenticationCredential: AuthenticationResponseJSON = {
  id: 'Y3JlZGVudGlhbC0x',
  rawId: 'Y3JlZGVudGlhbC0x',
  type: 'public-key',
  response: {
    clientDataJSON: 'Y2xpZW50LWRhdGE',
    authenticatorData: 'YXV0aC1kYXRh',
    signature: 'c2lnbmF0dXJl',
    userHandle: 'C3xvDkoKSo6dWS8fenwaEQ',
  },
  authenticatorAttachment: 'platform',
  clientExtensionResults: {},
};

/** What the browser throws when the student cancels the prompt, it times out, or nothing matched. */
export const notAllowed = () =>
  new DOMException(
    'The operation either timed out or was not allowed. See: https://www.w3.org/TR/webauthn-2/#sctn-privacy-considerations-client.',
    'NotAllowedError',
  );
export const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
