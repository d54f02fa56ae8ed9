import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '../../../lib/auth.js';
import { readStorage, removeStorage } from '../../../lib/browser-storage.js';
import { SESSION_STORAGE_KEYS } from '../../../lib/storage-keys.js';
import type { ProviderFrame } from '../utils/provider-flow.js';
import { STATUS_POLL_INTERVAL_MS } from '../utils/verification-limits.js';
import {
  checkForDecision,
  processStatus,
  startVerification,
  type VerificationRun,
  type VerificationState,
} from '../utils/verification-run.js';

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
  const runRef = useRef<{ controller: AbortController; run: VerificationRun } | null>(null);
  const frameRef = useRef<ProviderFrame | null>(null);
  const checkingRef = useRef(false);

  /** Stops whatever ran before: its waits, its answers and Veriff's overlay. */
  const stop = useCallback(() => {
    runRef.current?.controller.abort();
    runRef.current = null;
    frameRef.current?.close();
    frameRef.current = null;
  }, []);

  const begin = useCallback((): VerificationRun => {
    stop();
    const controller = new AbortController();
    const { signal } = controller;
    const run: VerificationRun = {
      signal,
      set: (next) => {
        if (!signal.aborted) setState(next);
      },
      userId: () => {
        const { user } = authRef.current;
        if (user) return user.id;
        return readStorage('session', SESSION_STORAGE_KEYS.studentId);
      },
      sessionScope: () => authRef.current.user?.sessionScope,
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
    if (!current || checkingRef.current) return;
    checkingRef.current = true;
    try {
      await checkForDecision(current);
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
