import type * as VeriffSdk from '@veriff/incontext-sdk';
import { VERIFICATION_SESSION_MESSAGES } from '../../../../shared/identity-verification.js';

/** A failure to open the provider's flow, with the spec section 8 message to show for it. */
export class VerificationFlowError extends Error {
  override name = 'VerificationFlowError';
}

/**
 * Which overlay shows the provider's flow. The built-in simulated provider serves its page from
 * this portal's own origin (/api/veriff/simulated/...), so the page frames it in its own dialog;
 * Veriff's page lives on Veriff's domains and opens through its InContext SDK.
 */
export function isSimulatedSessionUrl(
  sessionUrl: string,
  origin: string = window.location.origin,
): boolean {
  try {
    return new URL(sessionUrl).origin === origin;
  } catch {
    return false;
  }
}

/** What the page does on each event of Veriff's flow (spec section 4). */
export interface InContextHandlers {
  onStarted: () => void;
  onSubmitted: () => void;
  /** The SDK has already closed its overlay. */
  onFinished: () => void;
  /** The SDK has already closed its overlay. */
  onCanceled: () => void;
  onReloadRequest: () => void;
}

export interface ProviderFrame {
  close: () => void;
}

/**
 * Opens Veriff's flow in the InContext SDK's modal (spec section 4: started, submitted, finished,
 * canceled, reload request; finish and cancel close the overlay, which the SDK does itself).
 * The SDK is imported here, on demand, so only a student who uses the real provider downloads it.
 * Throws a VerificationFlowError with the spec's message when the flow cannot be shown.
 */
export async function openInContextFlow(
  sessionUrl: string,
  handlers: InContextHandlers,
): Promise<ProviderFrame> {
  let sdk: typeof VeriffSdk;
  try {
    sdk = await import('@veriff/incontext-sdk');
  } catch {
    // Offline, or a new deployment replaced the chunk this page was built with.
    throw new VerificationFlowError(VERIFICATION_SESSION_MESSAGES.startFailed);
  }
  // The SDK mounts its modal on <body>; without it there is nowhere to show the flow.
  if (!(document.body instanceof HTMLBodyElement)) {
    throw new VerificationFlowError(VERIFICATION_SESSION_MESSAGES.containerNotFound);
  }
  const { createVeriffFrame, MESSAGES } = sdk;
  try {
    return createVeriffFrame({
      url: sessionUrl,
      onEvent: (message) => {
        switch (message) {
          case MESSAGES.STARTED:
            handlers.onStarted();
            break;
          case MESSAGES.SUBMITTED:
            handlers.onSubmitted();
            break;
          case MESSAGES.FINISHED:
            handlers.onFinished();
            break;
          case MESSAGES.CANCELED:
            handlers.onCanceled();
            break;
          case MESSAGES.RELOAD_REQUEST:
            handlers.onReloadRequest();
            break;
        }
      },
    });
  } catch {
    throw new VerificationFlowError(VERIFICATION_SESSION_MESSAGES.startFailed);
  }
}
