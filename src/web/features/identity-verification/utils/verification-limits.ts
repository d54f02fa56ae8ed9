/**
 * The identity check's timings (spec sections 4 and 9). The shared contract has no constants for
 * them yet, and only this page uses them.
 */

/** Polling for the provider's decision: every 5 seconds... */
export const STATUS_POLL_INTERVAL_MS = 5000;
/** ...for at most 60 attempts (5 minutes). */
export const STATUS_POLL_MAX_ATTEMPTS = 60;
/** After success, the next page opens 2 seconds later. */
export const REDIRECT_AFTER_VERIFICATION_MS = 2000;
