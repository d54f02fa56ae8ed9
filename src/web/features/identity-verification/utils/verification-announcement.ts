import type { VerificationState } from './verification-run.js';

/** Spec sections 2 and 9: what the student is told about the wait. */
export const REVIEW_TIME_TEXT = 'Review usually takes 1-2 minutes.';

/** What a screen reader hears when the page changes state (errors are announced by their alert). */
export function announcementFor(state: VerificationState): string {
  switch (state.phase) {
    case 'idle':
      return 'Ready to start identity verification.';
    case 'loading':
      return state.flow === 'opening'
        ? 'Opening the verification window…'
        : 'Verification window open. Complete the steps there.';
    case 'processing':
      return 'Checking your verification result…';
    case 'polling':
      return `Your verification is being reviewed. ${REVIEW_TIME_TEXT}`;
    case 'success':
      return 'Identity verified.';
    case 'error':
      return '';
  }
}
