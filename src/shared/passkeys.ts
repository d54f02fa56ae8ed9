import { z } from 'zod';
import { ZLoginResponseSchema, ZUserProfileSchema } from './auth.js';

/**
 * What a WebAuthn challenge was made for; it serves only that ceremony. 'confirmation': a
 * signed-in student proving it is them again with one of their passkeys, before changing their
 * passkeys (decision 013). It never signs anyone in, and a sign-in never confirms. The 'staff-'
 * purposes are the staff console's enrolment and sign-in: a student ceremony never takes one of
 * their challenges, nor a staff ceremony a student's (docs/decisions/017).
 */
export const WEBAUTHN_CHALLENGE_PURPOSES = [
  'registration',
  'authentication',
  'confirmation',
  'staff-registration',
  'staff-authentication',
] as const;
export type TWebauthnChallengePurpose = (typeof WEBAUTHN_CHALLENGE_PURPOSES)[number];

/** What a change to a student's passkeys did, as its audit row records it. */
export const CREDENTIAL_AUDIT_ACTIONS = ['registered', 'revoked'] as const;
export type TCredentialAuditAction = (typeof CREDENTIAL_AUDIT_ACTIONS)[number];

/**
 * What authorised a change to a student's passkeys, as its audit row records it:
 * - 'onboarding': the onboarding session (invite lookup and identity check), which adds the first
 *   passkey;
 * - 'passkey': a passkey assertion in the last PASSKEY_CONFIRMATION_WINDOW_MS (a passkey sign-in,
 *   or a confirmation), for a student's own registration or removal;
 * - 'session': a full session adding the first passkey of an account that has none (a demo
 *   login's; any other student's first passkey comes from onboarding);
 * - 'recovery': a passkey revoked because the consultancy issued a new invite;
 * - 'account-recovery': the student's own account recovery (passport number, birth date and a new
 *   identity check), for the passkey it registers and the old ones it revokes.
 */
export const CREDENTIAL_AUDIT_PROOFS = [
  'onboarding',
  'passkey',
  'session',
  'recovery',
  'account-recovery',
] as const;
export type TCredentialAuditProof = (typeof CREDENTIAL_AUDIT_PROOFS)[number];

/** Spec section 9. */
export const PASSKEY_TIMEOUT_MS = 60_000;
/** Spec section 9: the delay of the simulated passkey, and the redirect after creating one. */
export const SIMULATED_PASSKEY_DELAY_MS = 1500;
export const REDIRECT_AFTER_PASSKEY_MS = 1500;

/** Spec section 8: every passkey message, verbatim. */
export const PASSKEY_MESSAGES = {
  challengeFailed: 'Failed to get registration challenge',
  createFailed: 'Failed to create passkey',
  registrationFailedShort: 'Passkey registration failed',
  registrationFailedDefault: 'Passkey registration failed. Please try again.',
  cancelled: 'Registration was cancelled or failed',
  registrationFailed: 'Registration failed',
  registrationFailedRetry: 'Registration failed. Please try again.',
  networkError: 'Network error during authentication',
  demoMissingToken: 'Demo authentication failed - missing token or user data',
  noCredential: 'No credential returned or authentication was cancelled',
  authenticationFailed: 'Authentication failed',
  authenticationFailedRetry: 'Authentication failed. Please try again.',
  emptyUsername: 'Please enter a username',
} as const;

const base64Url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url')
  .max(16_384);

/** What the browser's WebAuthn API answers, as @simplewebauthn/browser serialises it. */
export const ZRegistrationCredentialSchema = z.object({
  id: base64Url.min(1),
  rawId: base64Url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64Url,
    attestationObject: base64Url,
    authenticatorData: base64Url.optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64Url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

export const ZAuthenticationCredentialSchema = z.object({
  id: base64Url.min(1),
  rawId: base64Url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64Url,
    authenticatorData: base64Url,
    signature: base64Url,
    userHandle: base64Url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/**
 * Demo or hosted-preview mode only (spec sections 2 and 7): where the browser cannot make a real
 * passkey (no WebAuthn, or the app runs inside a cross-origin frame), a simulated passkey stands in
 * for it. Its id starts with this prefix, so it can never be mistaken for a real credential id
 * (base64url has no colon). The server refuses it unless demo mode is on outside production.
 */
export const SIMULATED_CREDENTIAL_ID_PREFIX = 'simulated:';

/** The challenge of the registration ceremony, in place of the browser's attestation. */
export const ZSimulatedRegistrationCredentialSchema = z.object({
  demo: z.literal(true),
  challenge: base64Url.min(1).max(512),
});

/** The challenge of the sign-in ceremony, the simulated passkey's id and its secret. */
export const ZSimulatedAuthenticationCredentialSchema = z.object({
  demo: z.literal(true),
  challenge: base64Url.min(1).max(512),
  credentialId: z.string().min(1).max(1024),
  secret: base64Url.min(1).max(512),
});

/**
 * The simulated passkey the server made: its id and its secret (base64url). The server keeps only
 * a SHA-256 hash of the secret and shows the secret this once; the browser keeps both.
 */
export const ZSimulatedCredentialSchema = z.object({
  id: z.string().startsWith(SIMULATED_CREDENTIAL_ID_PREFIX).max(1024),
  secret: base64Url.min(1).max(512),
});
export type TSimulatedCredential = z.infer<typeof ZSimulatedCredentialSchema>;

/** Spec section 7: username (the student id), userId and displayName (e-mail) on signup. */
export const ZRegisterBeginRequestSchema = z.object({
  username: z.string().trim().min(1, PASSKEY_MESSAGES.emptyUsername).max(254),
  userId: z.string().max(64).optional(),
  displayName: z.string().max(254).optional(),
});
export type TRegisterBeginRequest = z.infer<typeof ZRegisterBeginRequestSchema>;

/**
 * A passkey added or removed may be the way in of someone who stole a session: the student may
 * end every other session of theirs with it (students.tokens_valid_after), keeping this one.
 */
const signOutOtherDevices = z
  .boolean()
  .optional()
  .describe(
    "End the student's sessions on every other device; this device gets a new token in the answer.",
  );

export const ZRegisterCompleteRequestSchema = z.object({
  credential: z.union([ZRegistrationCredentialSchema, ZSimulatedRegistrationCredentialSchema]),
  username: z.string().max(254).optional(),
  userId: z.string().max(64).optional(),
  signOutOtherDevices,
});
export type TRegisterCompleteRequest = z.infer<typeof ZRegisterCompleteRequestSchema>;

export const ZAuthenticateCompleteRequestSchema = z.object({
  credential: z.union([ZAuthenticationCredentialSchema, ZSimulatedAuthenticationCredentialSchema]),
});
export type TAuthenticateCompleteRequest = z.infer<typeof ZAuthenticateCompleteRequestSchema>;

/** Spec section 7: completion answers `{ success, token, user }`; the token signs the student in. */
export const ZPasskeyCompleteResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  user: ZUserProfileSchema,
});
export type TPasskeyCompleteResponse = z.infer<typeof ZPasskeyCompleteResponseSchema>;

/** Registration answers the same, plus the simulated passkey when that is what was made. */
export const ZRegisterCompleteResponseSchema = ZPasskeyCompleteResponseSchema.extend({
  simulatedCredential: ZSimulatedCredentialSchema.optional(),
});
export type TRegisterCompleteResponse = z.infer<typeof ZRegisterCompleteResponseSchema>;

/** The WebAuthn extensions our options ask for. */
const ZExtensionInputsSchema = z.object({ credProps: z.boolean().optional() });

/** The creation options the browser passes to navigator.credentials.create (spec section 3). */
export const ZRegistrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z
    .array(
      z.object({
        id: z.string(),
        type: z.string(),
        transports: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: ZExtensionInputsSchema.optional(),
});

/** The request options for navigator.credentials.get (spec section 3). */
export const ZAuthenticationOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z
    .array(
      z.object({
        id: z.string(),
        type: z.string(),
        transports: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  extensions: ZExtensionInputsSchema.optional(),
});

/**
 * How long after a passkey assertion (a passkey sign-in, or "confirm it's you") a session may add
 * or remove a passkey (decision 013). Long enough to sign in and open the profile, or to confirm
 * and then finish a passkey prompt (60 s each); short enough that a token copied from a device
 * later cannot turn itself into a passkey of its own.
 */
export const PASSKEY_CONFIRMATION_WINDOW_MS = 5 * 60_000;

/** What the student reads when a change to their passkeys is refused. */
export const PASSKEY_CHANGE_MESSAGES = {
  confirmationRequired: 'Please confirm it is you with one of your passkeys first.',
  confirmationFailed: 'We could not confirm it is you. Please try again with one of your passkeys.',
  onlyPasskey:
    'You cannot remove your only passkey: without it you could not sign in. Add another passkey first.',
  notFound: 'This passkey was not found. It may have been removed already.',
} as const;

/** One of the student's passkeys, as their profile lists it. */
export const ZPasskeySchema = z.object({
  /** The credential id (base64url); a simulated passkey's starts with `simulated:`. */
  id: z.string(),
  /** The browser and system it was made on, e.g. 'Chrome on Android'. */
  name: z.string(),
  /** ISO 8601 timestamp. */
  createdAt: z.string(),
  /** ISO 8601 timestamp of the last sign-in or confirmation with it; null if never used. */
  lastUsedAt: z.string().nullable(),
});
export type TPasskey = z.infer<typeof ZPasskeySchema>;

export const ZPasskeyListResponseSchema = z.object({ passkeys: z.array(ZPasskeySchema) });
export type TPasskeyListResponse = z.infer<typeof ZPasskeyListResponseSchema>;

export const ZPasskeyIdParamsSchema = z.object({ id: z.string().min(1).max(1024) });

export const ZRemovePasskeyRequestSchema = z.object({ signOutOtherDevices }).nullish();
export type TRemovePasskeyRequest = z.infer<typeof ZRemovePasskeyRequestSchema>;

/** After a removal: this device's new session when the student signed out their other devices. */
export const ZRemovePasskeyResponseSchema = z.object({
  session: ZLoginResponseSchema.optional(),
});
export type TRemovePasskeyResponse = z.infer<typeof ZRemovePasskeyResponseSchema>;
