import { z } from 'zod';
import { API_PATHS, apiPath } from './api-paths.js';

/**
 * The identity check's contract: the calls of spec section 7 (`/api/{identity-provider}/...`,
 * verify-face and the verify-with-provider action) and the texts of spec section 8.
 */

/** What the student sees as the provider's name ("Failed to create Veriff session"). */
export const IDENTITY_PROVIDER_NAME = 'Veriff';

/**
 * verificationResult (spec sections 3 and 8): 'pending' until a decision, then one of these.
 * `verification_failed` is the catalogue's "any other" row.
 */
export const VERIFICATION_RESULT_CODES = [
  'approved',
  'approved_passport_mismatch',
  'declined_fraud',
  'declined_document_quality',
  'declined_document_expired',
  'declined_face_match',
  'declined_unsupported_document',
  'resubmission_requested',
  'verification_failed',
] as const;
export type TVerificationResultCode = (typeof VERIFICATION_RESULT_CODES)[number];
export const PENDING_VERIFICATION_RESULT = 'pending';
/** Every value a student's verificationResult can hold. */
export const VERIFICATION_RESULTS = [
  PENDING_VERIFICATION_RESULT,
  ...VERIFICATION_RESULT_CODES,
] as const;
export type TVerificationResult = (typeof VERIFICATION_RESULTS)[number];

export interface VerificationResultText {
  title: string;
  message: string;
  /** False when trying again cannot help and the student must contact support. */
  actionable: boolean;
}

/** The codes the catalogue lists as problems: every result code except a plain approval. */
export type TVerificationProblemCode = Exclude<TVerificationResultCode, 'approved'>;

/**
 * Spec section 8, "Verification result codes": the title and what the student can do next. The
 * texts say "contact support" without an address: the server sends them too, and the page shows
 * the brand's support address beside them.
 */
export const VERIFICATION_RESULT_TEXTS: Record<TVerificationProblemCode, VerificationResultText> = {
  approved_passport_mismatch: {
    title: 'Document Mismatch Detected',
    message:
      'The document you verified does not match the passport number on your application. Please verify again with the passport you applied with.',
    actionable: true,
  },
  declined_fraud: {
    title: 'Verification Declined',
    message: 'Your identity verification was declined. Please contact support.',
    actionable: false,
  },
  declined_document_quality: {
    title: 'Document Quality Issue',
    message:
      'We could not read your document clearly. Please try again in good light, with the whole document in view and in focus.',
    actionable: true,
  },
  declined_document_expired: {
    title: 'Document Expired',
    message: 'The document you used has expired. Please try again with a valid document.',
    actionable: true,
  },
  declined_face_match: {
    title: 'Face Verification Failed',
    message:
      'Your face could not be matched to the photo on your document. Please try again with your face clearly visible.',
    actionable: true,
  },
  declined_unsupported_document: {
    title: 'Unsupported Document',
    message:
      "This type of document is not supported. Please use a passport, driver's license or national ID.",
    actionable: true,
  },
  resubmission_requested: {
    title: 'Resubmission Required',
    message: 'Some of your photos or video could not be used. Please verify again.',
    actionable: true,
  },
  verification_failed: {
    title: 'Verification Failed',
    message: 'Please try again or contact support.',
    actionable: true,
  },
};

/** The text for any verificationResult other than 'approved'; unknown codes read as "any other". */
export function verificationResultText(code: string): VerificationResultText {
  const known = Object.entries(VERIFICATION_RESULT_TEXTS).find(([key]) => key === code);
  return known ? known[1] : VERIFICATION_RESULT_TEXTS.verification_failed;
}

/** Spec section 8, "Verification session", verbatim. */
export const VERIFICATION_SESSION_MESSAGES = {
  createSessionFailed: `Failed to create ${IDENTITY_PROVIDER_NAME} session`,
  containerNotFound: 'Container element not found',
  startFailed: 'Failed to start verification',
  canceledOrFailed: 'Verification was canceled or failed',
  failed: 'Verification failed',
  declined: 'Identity verification was declined. Please try again.',
  timeout: 'Verification is taking longer than expected. Please try again or contact support.',
  pollingFailed: 'Unable to check verification status. Please try again.',
} as const;

/**
 * The status call's `status`: 'pending' while the provider has not decided (keep polling),
 * 'not_started' before any session, 'error' for a decision this portal does not know.
 */
export const VERIFICATION_STATUSES = [
  'not_started',
  'pending',
  'approved',
  'declined',
  'resubmission_requested',
  'expired',
  'abandoned',
  'error',
] as const;
export type TVerificationStatus = (typeof VERIFICATION_STATUSES)[number];

const MAX_ID = 100;

/** POST /api/veriff/session (spec section 7). The session is always the bearer token's student. */
export const ZCreateVerificationSessionRequestSchema = z.object({
  /** Where the provider sends the student back; a page of this portal. */
  callback: z.url('callback must be a URL').max(2048).optional(),
  /** The stored student id, when the page has one. */
  vendorData: z.string().trim().min(1).max(MAX_ID).optional(),
  /** The student id of an onboarding without a token. */
  pendingUserId: z.string().trim().min(1).max(MAX_ID).optional(),
});
export type TCreateVerificationSessionRequest = z.infer<
  typeof ZCreateVerificationSessionRequestSchema
>;

/** Spec section 3, "Verification session response". sessionId is the provider's session id. */
export const ZCreateVerificationSessionResponseSchema = z.object({
  sessionUrl: z.string(),
  sessionId: z.string(),
});
export type TCreateVerificationSessionResponse = z.infer<
  typeof ZCreateVerificationSessionResponseSchema
>;

export const ZVerificationStatusParamsSchema = z.object({
  userId: z.string().max(MAX_ID),
});

/** Spec section 3, "Verification status response". */
export const ZVerificationStatusResponseSchema = z.object({
  faceVerified: z.boolean(),
  /**
   * One of VERIFICATION_RESULTS. Read as any string: a code this client does not know reads as
   * the catalogue's "any other" row (verificationResultText).
   */
  verificationResult: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  /** A human-readable reason for a decision other than approval; null otherwise. */
  reason: z.string().nullable(),
});
export type TVerificationStatusResponse = z.infer<typeof ZVerificationStatusResponseSchema>;

export const ZVerifyWithProviderParamsSchema = z.object({
  sessionId: z.string().max(MAX_ID),
});

/** POST /api/auth/verify-face and POST /api/veriff/verify/{sessionId}: only ever true when approved. */
export const ZVerifyFaceResponseSchema = z.object({
  faceVerified: z.literal(true),
  verificationResult: z.literal('approved'),
});
export type TVerifyFaceResponse = z.infer<typeof ZVerifyFaceResponseSchema>;

/** The status path for a student, as the page calls it. */
export function verificationStatusPath(userId: string): string {
  return apiPath(API_PATHS.veriffStatus, { userId });
}

/** The verify-with-provider path for a provider session id. */
export function verifyWithProviderPath(sessionId: string): string {
  return apiPath(API_PATHS.veriffVerify, { sessionId });
}
