import { afterEach, describe, expect, it, vi } from 'vitest';
import { VERIFICATION_SESSION_MESSAGES } from '../../../../shared/identity-verification.js';
import { installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import {
  SESSION,
  SESSION_ID,
  STATUS,
  STUDENT_ID,
  VERIFIED,
  VERIFY_FACE,
  VERIFY_WITH_PROVIDER,
  verificationStatus,
} from '../test/verification-fixtures.js';
import type { ProviderFrame } from './provider-flow.js';
import { STATUS_POLL_INTERVAL_MS, STATUS_POLL_MAX_ATTEMPTS } from './verification-limits.js';
import {
  checkForDecision,
  processStatus,
  startVerification,
  type VerificationRun,
  type VerificationState,
} from './verification-run.js';

const approved = verificationStatus({
  faceVerified: true,
  verificationResult: 'approved',
  status: 'approved',
});
const undecided = verificationStatus();

/** A run as the page's hook makes one, recording every state it is moved to. */
function fakeRun({ userId = STUDENT_ID }: { userId?: string | null } = {}) {
  const controller = new AbortController();
  const states: VerificationState[] = [];
  const frames: ProviderFrame[] = [];
  const run: VerificationRun = {
    signal: controller.signal,
    set: (next) => {
      if (!controller.signal.aborted) states.push(next);
    },
    userId: () => userId,
    sessionScope: () => 'onboarding',
    markVerified: vi.fn(),
    keepFrame: (frame) => {
      frames.push(frame);
    },
  };
  return {
    run,
    states,
    frames,
    stop: () => {
      controller.abort();
    },
  };
}

const phases = (states: VerificationState[]) => states.map((s) => s.phase);
const failureOf = (state: VerificationState | undefined) =>
  state?.phase === 'error' ? state.failure.message : null;

function fakeServer(api: Record<string, Answer>) {
  return installFakeFetch({
    [VERIFY_FACE]: json(VERIFIED),
    [VERIFY_WITH_PROVIDER]: json(VERIFIED),
    ...api,
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('startVerification', () => {
  it('opens a session for the stored student and shows the simulated flow, keeping its id', async () => {
    sessionStorage.setItem('jwt_token', 'onboarding-token');
    sessionStorage.setItem('student_id', STUDENT_ID);
    const sessionUrl = `${window.location.origin}/api/veriff/simulated/${SESSION_ID}`;
    const { sent } = fakeServer({ [SESSION]: json({ sessionUrl, sessionId: SESSION_ID }) });
    const { run, states } = fakeRun();

    await startVerification(run);

    expect(states).toEqual([
      { phase: 'loading', flow: 'opening' },
      { phase: 'loading', flow: 'simulated', sessionUrl },
    ]);
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      callback: `${window.location.origin}/face-verification`,
      vendorData: STUDENT_ID,
    });
    expect(sessionStorage.getItem('veriff_session_id')).toBe(SESSION_ID);
  });

  it('without a token, names the student whose session it opens (pendingUserId)', async () => {
    sessionStorage.setItem('student_id', STUDENT_ID);
    const { sent } = fakeServer({
      [SESSION]: json({ message: 'Failed to create Veriff session' }, 502),
    });
    const { run, states } = fakeRun();

    await startVerification(run);

    expect(JSON.parse(sent[0]?.body ?? '')).toMatchObject({ pendingUserId: STUDENT_ID });
    expect(failureOf(states.at(-1))).toBe(VERIFICATION_SESSION_MESSAGES.createSessionFailed);
  });

  it("says the server's words when there were too many attempts", async () => {
    fakeServer({ [SESSION]: json({ message: 'Too many attempts. Wait a minute.' }, 429) });
    const { run, states } = fakeRun();

    await startVerification(run);

    expect(failureOf(states.at(-1))).toBe('Too many attempts. Wait a minute.');
  });

  it('goes on to success when the server says the student is verified already (409)', async () => {
    sessionStorage.setItem('jwt_token', 'token');
    fakeServer({
      [SESSION]: json({ message: 'Already verified' }, 409),
      [STATUS]: json(approved),
    });
    const { run, states } = fakeRun();

    await startVerification(run);

    expect(phases(states)).toEqual(['loading', 'processing', 'processing', 'success']);
    expect(run.markVerified).toHaveBeenCalledTimes(1);
  });

  it('changes nothing once the run is stopped while the session is being opened', async () => {
    let answer: (response: Response) => void = () => undefined;
    fakeServer({
      [SESSION]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { run, states, stop } = fakeRun();

    const started = startVerification(run);
    stop();
    answer(json({ sessionUrl: 'https://alchemy.veriff.com/v/x', sessionId: SESSION_ID }));
    await started;

    expect(states).toEqual([{ phase: 'loading', flow: 'opening' }]);
    expect(sessionStorage.getItem('veriff_session_id')).toBeNull();
  });
});

describe('processStatus', () => {
  it('a decided approval is confirmed twice, then success towards the passkey step', async () => {
    sessionStorage.setItem('jwt_token', 'token');
    sessionStorage.setItem('student_id', STUDENT_ID);
    sessionStorage.setItem('veriff_session_id', SESSION_ID);
    const { sent } = fakeServer({});
    const { run, states } = fakeRun();

    await processStatus(run, { known: approved, whenUndecided: 'poll' });

    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([VERIFY_FACE, VERIFY_WITH_PROVIDER]);
    expect(states.at(-1)).toEqual({ phase: 'success', nextHref: '/signup?step=passkey' });
    expect(run.markVerified).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('veriff_session_id')).toBeNull();
  });

  it('is not a success when verify-face refuses: Verification failed, not marked verified', async () => {
    fakeServer({ [VERIFY_FACE]: json({ message: 'Not approved' }, 403) });
    const { run, states } = fakeRun();

    await processStatus(run, { known: approved, whenUndecided: 'poll' });

    expect(failureOf(states.at(-1))).toBe(VERIFICATION_SESSION_MESSAGES.failed);
    expect(run.markVerified).not.toHaveBeenCalled();
  });

  it('a decline is an error with its result', async () => {
    fakeServer({
      [STATUS]: json(verificationStatus({ verificationResult: 'declined', status: 'declined' })),
    });
    const { run, states } = fakeRun();

    await processStatus(run, { whenUndecided: 'poll' });

    expect(phases(states)).toEqual(['processing', 'error']);
    expect(failureOf(states.at(-1))).toBe(VERIFICATION_SESSION_MESSAGES.declined);
  });

  it('undecided after the student closed the window is a canceled flow', async () => {
    fakeServer({ [STATUS]: json(undecided) });
    const { run, states } = fakeRun();

    await processStatus(run, { whenUndecided: 'cancel' });

    expect(failureOf(states.at(-1))).toBe(VERIFICATION_SESSION_MESSAGES.canceledOrFailed);
  });
});

describe('polling (processStatus while undecided)', () => {
  it(`asks every ${STATUS_POLL_INTERVAL_MS} ms and stops at the first decision`, async () => {
    vi.useFakeTimers();
    sessionStorage.setItem('jwt_token', 'token');
    const answers = [undecided, undecided, approved];
    const { sent } = fakeServer({ [STATUS]: () => json(answers.shift() ?? undecided) });
    const { run, states } = fakeRun();

    const polling = processStatus(run, { whenUndecided: 'poll' });
    await vi.advanceTimersByTimeAsync(2 * STATUS_POLL_INTERVAL_MS);
    await polling;

    expect(sent.filter((r) => `${r.method} ${r.url}` === STATUS)).toHaveLength(3);
    expect(phases(states)).toEqual(['processing', 'polling', 'processing', 'success']);
  });

  it(`gives up after ${STATUS_POLL_MAX_ATTEMPTS} attempts with the time-out message`, async () => {
    vi.useFakeTimers();
    sessionStorage.setItem('jwt_token', 'token');
    const { sent } = fakeServer({ [STATUS]: () => json(undecided) });
    const { run, states } = fakeRun();

    const polling = processStatus(run, { whenUndecided: 'poll' });
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MAX_ATTEMPTS * STATUS_POLL_INTERVAL_MS);
    await polling;

    expect(sent).toHaveLength(1 + STATUS_POLL_MAX_ATTEMPTS);
    expect(failureOf(states.at(-1))).toBe(VERIFICATION_SESSION_MESSAGES.timeout);
  });

  it('says it could not check when the last attempt failed', async () => {
    vi.useFakeTimers();
    sessionStorage.setItem('jwt_token', 'token');
    let reads = 0;
    fakeServer({
      [STATUS]: () => (++reads === 1 ? json(undecided) : json({ message: 'Unavailable' }, 503)),
    });
    const { run, states } = fakeRun();

    const polling = processStatus(run, { whenUndecided: 'poll' });
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MAX_ATTEMPTS * STATUS_POLL_INTERVAL_MS);
    await polling;

    expect(failureOf(states.at(-1))).toBe(VERIFICATION_SESSION_MESSAGES.pollingFailed);
  });

  it('stops when the tab has no token any more', async () => {
    vi.useFakeTimers();
    fakeServer({ [STATUS]: json(undecided) });
    const { run, states } = fakeRun();

    const polling = processStatus(run, { whenUndecided: 'poll' });
    await vi.advanceTimersByTimeAsync(STATUS_POLL_INTERVAL_MS);
    await polling;

    expect(failureOf(states.at(-1))).toBe(VERIFICATION_SESSION_MESSAGES.pollingFailed);
  });

  it('a stopped run asks nothing more and changes nothing', async () => {
    vi.useFakeTimers();
    sessionStorage.setItem('jwt_token', 'token');
    const { sent } = fakeServer({ [STATUS]: () => json(undecided) });
    const { run, states, stop } = fakeRun();

    const polling = processStatus(run, { whenUndecided: 'poll' });
    await vi.advanceTimersByTimeAsync(STATUS_POLL_INTERVAL_MS);
    stop();
    await vi.advanceTimersByTimeAsync(10 * STATUS_POLL_INTERVAL_MS);
    await polling;

    expect(sent).toHaveLength(2);
    expect(phases(states)).toEqual(['processing', 'polling']);
  });
});

describe('checkForDecision (the simulated flow, which sends no message)', () => {
  it('leaves the flow open while the provider has not decided', async () => {
    fakeServer({ [STATUS]: json(undecided) });
    const { run, states } = fakeRun();

    await checkForDecision(run);

    expect(states).toEqual([]);
  });

  it('goes on as after the flow once there is a decision, without asking again', async () => {
    const { sent } = fakeServer({ [STATUS]: json(approved) });
    const { run, states } = fakeRun();

    await checkForDecision(run);

    expect(sent.filter((r) => `${r.method} ${r.url}` === STATUS)).toHaveLength(1);
    expect(phases(states)).toEqual(['processing', 'processing', 'success']);
  });

  it('leaves a failed check to the next one', async () => {
    fakeServer({ [STATUS]: json({ message: 'Unavailable' }, 503) });
    const { run, states } = fakeRun();

    await checkForDecision(run);

    expect(states).toEqual([]);
  });

  it('asks nothing without a student to ask about', async () => {
    const { sent } = fakeServer({});
    const { run } = fakeRun({ userId: null });

    await checkForDecision(run);

    expect(sent).toEqual([]);
  });
});
