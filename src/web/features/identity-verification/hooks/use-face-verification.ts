import { useCallback, useEffect, useRef, useState } from 'react';
import {
  VERIFICATION_SESSION_MESSAGES,
  type TCreateVerificationSessionRequest,
  type TVerificationStatusResponse,
} from '../../../../shared/identity-verification.js';
import { paths } from '../../../config/paths.js';
import { useAuth } from '../../../lib/auth.js';
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
} from '../utils/provider-flow.js';
import { STATUS_POLL_INTERVAL_MS, STATUS_POLL_MAX_ATTEMPTS } from '../utils/verification-limits.js';
import {
  classifyVerificationStatus,
  flowFailure,
  type VerificationFailure,
} from '../utils/verification-outcome.js';
import { afterVerificationHref } from '../utils/verification-redirect.js';

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

export type VerificationPhase = VerificationState['phase'];

/**
 * One attempt of the flow. Try Again, closing the simulated window and leaving the page replace or
 * stop it: its `signal` aborts, and nothing it was still waiting for changes the page any more.
 */
interface Run {
  signal: AbortSignal;
  set: (next: VerificationState) => void;
  /** The student whose status is checked: the session's user, else the ids this tab stored. */
  userId: () => string | null;
  /** Marks the signed-in student verified in the auth state (spec section 4). */
  markVerified: () => void;
  keepFrame: (frame: ProviderFrame) => void;
}

/** Whether the run was stopped; a call, so no earlier check narrows it across an await. */
const stopped = (run: Run): boolean => run.signal.aborted;

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
async function confirmVerified(run: Run): Promise<void> {
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
  run.set({ phase: 'success', nextHref: afterVerificationHref(hasStudentId) });
}

/**
 * Polling (spec section 4): every 5 s, at most 60 attempts. Stops when the tab has no token any
 * more (signed out: nothing can be checked), on faceVerified (success) and on a decided result
 * (error with its message). At the limit: the time-out message, or the polling-error message when
 * the last attempt itself failed.
 */
async function pollStatus(run: Run): Promise<void> {
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
async function processStatus(
  run: Run,
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

/** Opens Veriff's own flow; a reload request re-opens it with the same session. */
async function openRealProvider(run: Run, sessionUrl: string): Promise<void> {
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
async function startVerification(run: Run): Promise<void> {
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

/**
 * The identity check of the verification page, as a state machine with the spec's states. Nothing
 * runs until `enabled` (the page's redirects are decided); then a stored session id resumes at
 * processing.
 */
export function useFaceVerification({ enabled }: { enabled: boolean }) {
  const auth = useAuth();
  const [resumedSessionId] = useState(() =>
    readStorage('session', SESSION_STORAGE_KEYS.veriffSessionId),
  );
  const [state, setState] = useState<VerificationState>(() =>
    resumedSessionId ? { phase: 'processing' } : { phase: 'idle' },
  );

  const authRef = useRef(auth);
  useEffect(() => {
    authRef.current = auth;
  });
  const runRef = useRef<{ controller: AbortController; run: Run } | null>(null);
  const frameRef = useRef<ProviderFrame | null>(null);
  const checkingRef = useRef(false);

  /** Stops whatever ran before: its waits, its answers and Veriff's overlay. */
  const stop = useCallback(() => {
    runRef.current?.controller.abort();
    runRef.current = null;
    frameRef.current?.close();
    frameRef.current = null;
  }, []);

  const begin = useCallback((): Run => {
    stop();
    const controller = new AbortController();
    const { signal } = controller;
    const run: Run = {
      signal,
      set: (next) => {
        if (!signal.aborted) setState(next);
      },
      userId: () => {
        const { user } = authRef.current;
        if (user) return user.id;
        return readStorage('session', SESSION_STORAGE_KEYS.studentId);
      },
      markVerified: () => {
        const { user, login } = authRef.current;
        const token = readStorage('session', SESSION_STORAGE_KEYS.token);
        if (user && token)
          login(token, { ...user, faceVerified: true, verificationResult: 'approved' });
      },
      keepFrame: (frame) => {
        frameRef.current = frame;
      },
    };
    runRef.current = { controller, run };
    return run;
  }, [stop]);

  // Leaving the page stops polling and closes Veriff's overlay.
  useEffect(() => stop, [stop]);

  // Spec section 2: a stored verification session id resumes the processing state.
  useEffect(() => {
    if (!enabled || !resumedSessionId) return;
    void processStatus(begin(), { whenUndecided: 'poll' });
  }, [enabled, resumedSessionId, begin]);

  const start = useCallback(() => {
    void startVerification(begin());
  }, [begin]);

  /** 'Try Again' (spec section 4): back to idle, the stored session id cleared, polling stopped. */
  const tryAgain = useCallback(() => {
    stop();
    removeStorage('session', SESSION_STORAGE_KEYS.veriffSessionId);
    setState({ phase: 'idle' });
  }, [stop]);

  /**
   * The simulated page runs no script and sends no message: its decision reaches the server
   * directly. So the page asks the server, whenever the framed page loads (a decision was just
   * posted) and every 5 s while the window is open, and moves on once there is a decision.
   */
  const checkSimulatedDecision = useCallback(async () => {
    const current = runRef.current?.run;
    const userId = current?.userId();
    if (!current || !userId || checkingRef.current) return;
    checkingRef.current = true;
    try {
      const status = await getVerificationStatus(userId);
      if (current.signal.aborted) return;
      if (classifyVerificationStatus(status).kind !== 'undecided') {
        await processStatus(current, { known: status, whenUndecided: 'poll' });
      }
    } catch {
      // The next check, or the student closing the window, settles it.
    } finally {
      checkingRef.current = false;
    }
  }, []);

  const simulatedOpen = state.phase === 'loading' && state.flow === 'simulated';
  useEffect(() => {
    if (!simulatedOpen) return;
    const timer = window.setInterval(() => {
      void checkSimulatedDecision();
    }, STATUS_POLL_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [simulatedOpen, checkSimulatedDecision]);

  /** The student closed the simulated window: what the server has decided, if anything, counts. */
  const closeSimulatedFlow = useCallback(() => {
    void processStatus(begin(), { whenUndecided: 'cancel' });
  }, [begin]);

  const onSimulatedFrameLoad = useCallback(() => {
    void checkSimulatedDecision();
  }, [checkSimulatedDecision]);

  return { state, start, tryAgain, closeSimulatedFlow, onSimulatedFrameLoad };
}
