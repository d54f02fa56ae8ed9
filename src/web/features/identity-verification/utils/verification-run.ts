import {
  VERIFICATION_SESSION_MESSAGES,
  type TCreateVerificationSessionRequest,
  type TVerificationStatusResponse,
} from '../../../../shared/identity-verification.js';
import type { TUserProfile } from '../../../../shared/auth.js';
import { paths } from '../../../config/paths.js';
import { readStorage, removeStorage, writeStorage } from '../../../lib/browser-storage.js';
import { readApiError } from '../../../lib/read-api-error.js';
import { SESSION_STORAGE_KEYS } from '../../../lib/storage-keys.js';
import { verifyFace, verifyWithProvider } from '../api/confirm-face-verification.js';
import { createVerificationSession } from '../api/create-verification-session.js';
import { getVerificationStatus } from '../api/get-verification-status.js';
import {
  isSimulatedSessionUrl,
  openInContextFlow,
  VerificationFlowError,
  type ProviderFrame,
} from './provider-flow.js';
import { STATUS_POLL_INTERVAL_MS, STATUS_POLL_MAX_ATTEMPTS } from './verification-limits.js';
import {
  classifyVerificationStatus,
  flowFailure,
  type VerificationFailure,
} from './verification-outcome.js';
import { afterVerificationHref } from './verification-redirect.js';

/*
 * The steps of the identity check, without React: each moves one run of the flow from state to
 * state through `run.set`, and the page's hook (hooks/use-face-verification.ts) holds the state,
 * starts runs and stops them.
 */

/**
 * The states of spec section 4, "Identity verification":
 * idle -> loading (the provider's flow is being opened, then is open) -> processing (the flow has
 * finished; the result is checked) -> success, error, or polling (undecided: checked every 5 s).
 */
export type VerificationState =
  | { phase: 'idle' }
  | { phase: 'loading'; flow: 'opening' | 'in-context' }
  | { phase: 'loading'; flow: 'simulated'; sessionUrl: string }
  | { phase: 'processing' }
  | { phase: 'polling' }
  | { phase: 'success'; nextHref: string }
  | { phase: 'error'; failure: VerificationFailure };

/**
 * One attempt of the flow. Try Again, closing the simulated window and leaving the page replace or
 * stop it: its `signal` aborts, and nothing it was still waiting for changes the page any more.
 */
export interface VerificationRun {
  signal: AbortSignal;
  set: (next: VerificationState) => void;
  /** The student whose status is checked: the session's user, else the ids this tab stored. */
  userId: () => string | null;
  /** What the session is for: a recovery's check leads to the recovery's passkey step. */
  sessionScope: () => TUserProfile['sessionScope'] | undefined;
  /** Marks the signed-in student verified in the auth state (spec section 4). */
  markVerified: () => void;
  keepFrame: (frame: ProviderFrame) => void;
}

/** Whether the run was stopped; a call, so no earlier check narrows it across an await. */
const stopped = (run: VerificationRun): boolean => run.signal.aborted;

const failed = (message: string): VerificationState => ({
  phase: 'error',
  failure: flowFailure(message),
});

/** Resolves after `ms`, or at once when the run is stopped. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const onAbort = () => {
      window.clearTimeout(timer);
      resolve();
    };
    const timer = window.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Success needs the server's word twice (spec section 7): verify-face, then the verify-with-provider
 * action for the session this tab opened. Only then is the student marked verified.
 */
async function confirmVerified(run: VerificationRun): Promise<void> {
  run.set({ phase: 'processing' });
  try {
    await verifyFace();
    const sessionId = readStorage('session', SESSION_STORAGE_KEYS.veriffSessionId);
    if (sessionId) await verifyWithProvider(sessionId);
  } catch {
    run.set(failed(VERIFICATION_SESSION_MESSAGES.failed));
    return;
  }
  if (stopped(run)) return;
  removeStorage('session', SESSION_STORAGE_KEYS.veriffSessionId);
  run.markVerified();
  const hasStudentId = readStorage('session', SESSION_STORAGE_KEYS.studentId) !== null;
  run.set({ phase: 'success', nextHref: afterVerificationHref(run.sessionScope(), hasStudentId) });
}

/**
 * Polling (spec section 4): every 5 s, at most 60 attempts. Stops when the tab has no token any
 * more (signed out: nothing can be checked), on faceVerified (success) and on a decided result
 * (error with its message). At the limit: the time-out message, or the polling-error message when
 * the last attempt itself failed.
 */
async function pollStatus(run: VerificationRun): Promise<void> {
  run.set({ phase: 'polling' });
  let lastAttemptFailed = false;
  for (let attempt = 1; attempt <= STATUS_POLL_MAX_ATTEMPTS; attempt += 1) {
    await wait(STATUS_POLL_INTERVAL_MS, run.signal);
    if (stopped(run)) return;
    const userId = run.userId();
    if (!readStorage('session', SESSION_STORAGE_KEYS.token) || !userId) {
      run.set(failed(VERIFICATION_SESSION_MESSAGES.pollingFailed));
      return;
    }
    let status: TVerificationStatusResponse;
    try {
      status = await getVerificationStatus(userId);
    } catch {
      // A slow network or a restarting server: the next attempt may well get through.
      lastAttemptFailed = true;
      continue;
    }
    if (stopped(run)) return;
    lastAttemptFailed = false;
    const outcome = classifyVerificationStatus(status);
    if (outcome.kind === 'verified') {
      await confirmVerified(run);
      return;
    }
    if (outcome.kind === 'failed') {
      run.set({ phase: 'error', failure: outcome.failure });
      return;
    }
  }
  run.set(
    failed(
      lastAttemptFailed
        ? VERIFICATION_SESSION_MESSAGES.pollingFailed
        : VERIFICATION_SESSION_MESSAGES.timeout,
    ),
  );
}

/**
 * processing: reads the status once (or uses the one just read) and moves on to success, error,
 * or, while undecided, polling. When the student closed the simulated window, undecided means they
 * stopped before choosing: that is a canceled flow (spec section 4), not a wait.
 */
export async function processStatus(
  run: VerificationRun,
  {
    known,
    whenUndecided,
  }: { known?: TVerificationStatusResponse; whenUndecided: 'poll' | 'cancel' },
): Promise<void> {
  run.set({ phase: 'processing' });
  const undecided = async () => {
    if (whenUndecided === 'poll') await pollStatus(run);
    else run.set(failed(VERIFICATION_SESSION_MESSAGES.canceledOrFailed));
  };

  let status = known;
  if (!status) {
    const userId = run.userId();
    try {
      if (!userId) throw new Error('No student to check the status of.');
      status = await getVerificationStatus(userId);
    } catch {
      if (!stopped(run)) await undecided();
      return;
    }
    if (stopped(run)) return;
  }
  const outcome = classifyVerificationStatus(status);
  if (outcome.kind === 'verified') await confirmVerified(run);
  else if (outcome.kind === 'failed') run.set({ phase: 'error', failure: outcome.failure });
  else await undecided();
}

/**
 * One look at whether the provider has decided, for a flow that tells the page nothing (the
 * simulated provider's page runs no script): once decided, on as after the flow. A failed look
 * is left to the next one, or to the student closing the window.
 */
export async function checkForDecision(run: VerificationRun): Promise<void> {
  const userId = run.userId();
  if (!userId) return;
  let status: TVerificationStatusResponse;
  try {
    status = await getVerificationStatus(userId);
  } catch {
    return;
  }
  if (stopped(run) || classifyVerificationStatus(status).kind === 'undecided') return;
  await processStatus(run, { known: status, whenUndecided: 'poll' });
}

/** Opens Veriff's own flow; a reload request re-opens it with the same session. */
async function openRealProvider(run: VerificationRun, sessionUrl: string): Promise<void> {
  run.set({ phase: 'loading', flow: 'in-context' });
  const open = async (): Promise<void> => {
    let frame: ProviderFrame;
    try {
      frame = await openInContextFlow(sessionUrl, {
        onStarted: () => undefined,
        onSubmitted: () => undefined,
        onFinished: () => {
          if (!stopped(run)) void processStatus(run, { whenUndecided: 'poll' });
        },
        onCanceled: () => {
          run.set(failed(VERIFICATION_SESSION_MESSAGES.canceledOrFailed));
        },
        onReloadRequest: () => {
          // Veriff asks for a reload when camera access was denied; a fresh frame asks again,
          // without losing this page's state.
          frame.close();
          if (!stopped(run)) void open();
        },
      });
    } catch (error) {
      run.set(
        failed(
          error instanceof VerificationFlowError
            ? error.message
            : VERIFICATION_SESSION_MESSAGES.startFailed,
        ),
      );
      return;
    }
    if (stopped(run)) frame.close();
    else run.keepFrame(frame);
  };
  await open();
}

/**
 * idle -> loading: opens a provider session (spec section 7) and shows its flow. The session id
 * is stored (veriff_session_id) so that coming back to the page resumes at processing.
 */
export async function startVerification(run: VerificationRun): Promise<void> {
  run.set({ phase: 'loading', flow: 'opening' });
  const studentId = readStorage('session', SESSION_STORAGE_KEYS.studentId);
  const hasToken = readStorage('session', SESSION_STORAGE_KEYS.token) !== null;
  const pendingUserId = hasToken ? null : (studentId ?? run.userId());
  const body: TCreateVerificationSessionRequest = {
    callback: `${window.location.origin}${paths.faceVerification.getHref()}`,
    ...(studentId ? { vendorData: studentId } : {}),
    ...(pendingUserId ? { pendingUserId } : {}),
  };

  let session;
  try {
    session = await createVerificationSession(body);
  } catch (error) {
    if (stopped(run)) return;
    const answer = readApiError(error);
    // Verified meanwhile (in another tab, or by a late decision): confirm it and move on.
    if (answer?.status === 409) {
      await processStatus(run, { whenUndecided: 'poll' });
      return;
    }
    // Too many attempts: the server's message says to wait, which is what helps.
    const tooMany = answer?.status === 429 ? answer.message : null;
    run.set(failed(tooMany ?? VERIFICATION_SESSION_MESSAGES.createSessionFailed));
    return;
  }
  if (stopped(run)) return;
  writeStorage('session', SESSION_STORAGE_KEYS.veriffSessionId, session.sessionId);

  if (isSimulatedSessionUrl(session.sessionUrl)) {
    run.set({ phase: 'loading', flow: 'simulated', sessionUrl: session.sessionUrl });
    return;
  }
  await openRealProvider(run, session.sessionUrl);
}
