import {
  PENDING_VERIFICATION_RESULT,
  VERIFICATION_SESSION_MESSAGES,
  verificationResultText,
  type TVerificationStatusResponse,
  type VerificationResultText,
} from '../../../../shared/identity-verification.js';

/** What the error state shows: the spec's sentence, and the result code's texts when there is one. */
export interface VerificationFailure {
  /** The spec section 8 sentence ('Identity verification was declined. Please try again.', ...). */
  message: string;
  /** The result code's title and message (spec section 8, "Verification result codes"). */
  result: VerificationResultText | null;
  /** The provider's own words for a decision that is not an approval, when it gave any. */
  reason: string | null;
  /** False when trying again cannot help: the page offers support instead of 'Try Again'. */
  actionable: boolean;
}

export type StatusOutcome =
  { kind: 'verified' } | { kind: 'failed'; failure: VerificationFailure } | { kind: 'undecided' };

/** A failure of the page or the flow itself (no decision behind it): trying again may help. */
export function flowFailure(message: string): VerificationFailure {
  return { message, result: null, reason: null, actionable: true };
}

/**
 * Reads the status call (spec section 4, "Identity verification"): faceVerified means success; a
 * verificationResult other than 'pending' (or a declined status) is a decision that failed, shown
 * with its result code's texts; anything else is not decided yet, so the page keeps polling.
 *
 * A result code that trying again cannot fix (fraud) is shown with its own contact-support text
 * only: the declined sentence ends in "Please try again", which would contradict it.
 */
export function classifyVerificationStatus(status: TVerificationStatusResponse): StatusOutcome {
  if (status.faceVerified) return { kind: 'verified' };
  const decided = status.verificationResult !== PENDING_VERIFICATION_RESULT;
  if (!decided && status.status !== 'declined') return { kind: 'undecided' };

  const result = verificationResultText(
    decided ? status.verificationResult : 'verification_failed',
  );
  const message = !result.actionable
    ? result.message
    : status.status === 'declined'
      ? VERIFICATION_SESSION_MESSAGES.declined
      : VERIFICATION_SESSION_MESSAGES.failed;
  return {
    kind: 'failed',
    failure: { message, result, reason: status.reason, actionable: result.actionable },
  };
}
