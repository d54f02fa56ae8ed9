import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type VeriffFrameOptions } from '@veriff/incontext-sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUserProfile } from '../../../../shared/auth.js';
import {
  VERIFICATION_RESULT_TEXTS,
  type TVerificationStatusResponse,
} from '../../../../shared/identity-verification.js';
import { SUPPORT_EMAIL } from '../../../config/branding.js';
import {
  dashboardAnswers,
  onboardingStudent,
  signedInStudent,
} from '../../../test/data-generators.js';
import {
  deferred,
  installFakeFetch,
  json,
  type Answer,
  type SentRequest,
} from '../../../test/fake-fetch.js';
import { renderApp } from '../../../test/render-app.js';
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

// Veriff's InContext SDK stands for Veriff's hosted flow: the test plays its events.
const veriff = vi.hoisted(() => ({
  createVeriffFrame: vi.fn(),
  close: vi.fn(),
}));
vi.mock('@veriff/incontext-sdk', () => ({
  MESSAGES: {
    STARTED: 'STARTED',
    SUBMITTED: 'SUBMITTED',
    FINISHED: 'FINISHED',
    CANCELED: 'CANCELED',
    RELOAD_REQUEST: 'RELOAD',
  },
  createVeriffFrame: veriff.createVeriffFrame,
}));

// The passkey step this page leads to asks the browser for WebAuthn; it is only looked at here.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

/** The onboarding demo student after the details step: an onboarding session, not verified. */
const amara = onboardingStudent();

/** A student with a full session whose identity is not verified yet. */
const priya = signedInStudent({
  id: STUDENT_ID,
  faceVerified: false,
  verificationResult: 'pending',
});

const simulatedUrl = () => `${window.location.origin}/api/veriff/simulated/${SESSION_ID}`;
const VERIFF_URL = `https://alchemy.veriff.com/v/${SESSION_ID}`;

function status(answer: Partial<TVerificationStatusResponse> = {}): Response {
  return json(verificationStatus(answer));
}
const approved = () =>
  status({ faceVerified: true, verificationResult: 'approved', status: 'approved' });

/** An answer that changes between calls: each call gets the next one, the last one repeats. */
function answers(...list: (() => Response | Promise<Response>)[]) {
  let calls = 0;
  return () => {
    const next = list[Math.min(calls, list.length - 1)];
    calls += 1;
    if (!next) throw new Error('answers() needs at least one answer');
    return next();
  };
}

interface Options {
  profile?: TUserProfile | null;
  studentId?: boolean;
  storedSessionId?: string;
  demoMode?: boolean;
  api?: Record<string, Answer>;
}

function renderPage({
  profile = amara,
  studentId = true,
  storedSessionId,
  demoMode = false,
  api = {},
}: Options = {}) {
  if (profile) sessionStorage.setItem('jwt_token', 'onboarding-token');
  if (studentId) sessionStorage.setItem('student_id', STUDENT_ID);
  if (storedSessionId) sessionStorage.setItem('veriff_session_id', storedSessionId);
  const { sent } = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode }),
    ...(profile ? { 'GET /api/user/profile': json(profile) } : {}),
    [VERIFY_FACE]: json(VERIFIED),
    [VERIFY_WITH_PROVIDER]: json(VERIFIED),
    // Where a verified student goes next.
    ...dashboardAnswers(),
    ...api,
  });
  const router = renderApp('/face-verification');
  return { router, sent };
}

const withFakeTimers = () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
};
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const startButton = () => screen.findByRole('button', { name: 'Start Identity Verification' });
const announced = () => screen.getByRole('status').textContent;
const requests = (sent: SentRequest[], route: string) =>
  sent.filter((r) => `${r.method} ${r.url}` === route);
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

async function expectPath(router: ReturnType<typeof renderPage>['router'], path: string) {
  await waitFor(() => {
    expect(`${router.location.pathname}${router.location.search}`).toBe(path);
  });
}

/** What the test's Veriff flow was opened with, and its event callback. */
function veriffFrame() {
  const options = veriff.createVeriffFrame.mock.calls.at(-1)?.[0] as VeriffFrameOptions | undefined;
  if (!options?.onEvent) throw new Error('The InContext SDK was not opened.');
  const { onEvent } = options;
  return {
    url: options.url,
    emit: (message: MESSAGES) => {
      act(() => {
        onEvent(message);
      });
    },
  };
}

beforeEach(() => {
  veriff.createVeriffFrame.mockReset();
  veriff.close.mockReset();
  veriff.createVeriffFrame.mockImplementation(() => ({ close: veriff.close }));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the idle state', () => {
  it('shows the header with a back arrow to /, what to expect, the 1-2 minutes, and the start button', async () => {
    const { router, sent } = renderPage();
    const user = userEvent.setup();

    expect(await startButton()).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Identity Verification' })).toBeTruthy();
    // The title is set by an effect, which React runs after the commit the button appeared in.
    await waitFor(() => {
      expect(document.title).toBe('Identity Verification | F-1 Student Portal');
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Verify your identity' })).toBeTruthy();
    expect(screen.getByText(/Review usually takes 1-2 minutes\./)).toBeTruthy();
    expect(screen.getByText(/Veriff, our identity verification partner/)).toBeTruthy();
    expect(announced()).toBe('Ready to start identity verification.');
    expect(screen.queryByRole('alert')).toBeNull();
    // Nothing is asked of the provider until the student starts.
    expect(sent.filter((r) => r.url.startsWith('/api/veriff'))).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Back to home' }));

    await expectPath(router, '/');
    expect(await screen.findByRole('button', { name: 'Continue with Invite Code' })).toBeTruthy();
  });
});

describe('with the simulated provider (its page is on our own origin)', () => {
  it('opens a session, frames its page in a dialog, and on approval verifies, then opens the passkey step after 2 s', async () => {
    const user = withFakeTimers();
    const session = deferred<Response>();
    let decided = false;
    const { router, sent } = renderPage({
      api: {
        [SESSION]: () => session.promise,
        [STATUS]: () => (decided ? approved() : status()),
      },
    });

    await user.click(await startButton());

    // loading: the session is being opened
    expect(await heading('Opening verification…')).toBeTruthy();
    expect(announced()).toBe('Opening the verification window…');
    const [create] = requests(sent, SESSION);
    expect(JSON.parse(create?.body ?? '')).toEqual({
      callback: `${window.location.origin}/face-verification`,
      vendorData: STUDENT_ID,
    });
    expect(create?.headers.get('Authorization')).toBe('Bearer onboarding-token');
    expect(create?.headers.get('Content-Type')).toBe('application/json');

    session.resolve(json({ sessionUrl: simulatedUrl(), sessionId: SESSION_ID }));

    // loading: the provider's page, in our dialog
    const dialog = await screen.findByRole('dialog', { name: 'Identity verification' });
    const frame = within(dialog).getByTitle('Identity verification (simulated provider)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(simulatedUrl());
    expect(within(dialog).getByRole('button', { name: 'Close verification' })).toBeTruthy();
    expect(sessionStorage.getItem('veriff_session_id')).toBe(SESSION_ID);
    expect(announced()).toBe('Verification window open. Complete the steps there.');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Verification in progress' }),
    ).toBeTruthy();
    expect(veriff.createVeriffFrame).not.toHaveBeenCalled();

    // The student presses Approve: the framed page loads the simulated provider's answer.
    decided = true;
    fireEvent.load(frame);

    expect(await heading('Identity verified')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(announced()).toBe('Identity verified.');
    expect(requests(sent, VERIFY_FACE)).toHaveLength(1);
    expect(requests(sent, VERIFY_WITH_PROVIDER)).toHaveLength(1);
    expect(requests(sent, VERIFY_FACE)[0]?.headers.get('Authorization')).toBe(
      'Bearer onboarding-token',
    );
    // The session now knows the student is verified; the stored session id is done with.
    expect(JSON.parse(sessionStorage.getItem('user_profile') ?? 'null')).toMatchObject({
      id: STUDENT_ID,
      faceVerified: true,
      verificationResult: 'approved',
    });
    expect(sessionStorage.getItem('jwt_token')).toBe('onboarding-token');
    expect(sessionStorage.getItem('veriff_session_id')).toBeNull();
    expect(screen.getByText('Next: create your passkey…')).toBeTruthy();
    await waitFor(() => {
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Identity verified' }),
      );
    });

    // Fake time also moves with real time here, so the checks keep a margin either side.
    await advance(1800);
    expect(router.location.pathname).toBe('/face-verification');

    await advance(200);
    expect(await screen.findByText('Step 2 of 3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Create your passkey' })).toBeTruthy();
    expect(router.location.pathname).toBe('/signup');
  });

  it('asks the server every 5 s while the window is open, and shows a decline there with its texts', async () => {
    withFakeTimers();
    let decided = false;
    const { sent } = renderPage({
      api: {
        [SESSION]: json({ sessionUrl: simulatedUrl(), sessionId: SESSION_ID }),
        [STATUS]: () =>
          decided
            ? status({
                verificationResult: 'declined_face_match',
                status: 'declined',
                reason: 'Person showing the document does not appear to match document photo',
              })
            : status(),
      },
    });
    fireEvent.click(await startButton());
    await screen.findByRole('dialog');
    const before = requests(sent, STATUS).length;

    await advance(4500);
    expect(requests(sent, STATUS)).toHaveLength(before);
    await advance(500);
    expect(requests(sent, STATUS)).toHaveLength(before + 1);
    expect(screen.getByRole('dialog')).toBeTruthy();

    decided = true;
    await advance(5000);

    const alert = await screen.findByRole('alert');
    expect(screen.queryByRole('dialog')).toBeNull();
    const { title, message } = VERIFICATION_RESULT_TEXTS.declined_face_match;
    expect(screen.getByRole('heading', { level: 2, name: title })).toBeTruthy();
    expect(
      within(alert).getByText('Identity verification was declined. Please try again.'),
    ).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(
      screen.getByText(
        'Reason given by Veriff: Person showing the document does not appear to match document photo',
      ),
    ).toBeTruthy();
    expect(requests(sent, VERIFY_FACE)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('closing the window before any decision is a canceled flow', async () => {
    const user = userEvent.setup();
    const { sent } = renderPage({
      api: {
        [SESSION]: json({ sessionUrl: simulatedUrl(), sessionId: SESSION_ID }),
        [STATUS]: () => status(),
      },
    });
    await user.click(await startButton());
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getByRole('button', { name: 'Close verification' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Verification was canceled or failed');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests(sent, VERIFY_FACE)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
    await waitFor(() => {
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Verification not completed' }),
      );
    });
  });

  it('closing the window after a decision acts on the decision', async () => {
    const user = userEvent.setup();
    let decided = false;
    const { sent } = renderPage({
      profile: priya,
      studentId: false,
      api: {
        [SESSION]: json({ sessionUrl: simulatedUrl(), sessionId: SESSION_ID }),
        [STATUS]: () => (decided ? approved() : status()),
      },
    });
    await user.click(await startButton());
    const dialog = await screen.findByRole('dialog');
    decided = true;

    await user.click(within(dialog).getByRole('button', { name: 'Close verification' }));

    expect(await heading('Identity verified')).toBeTruthy();
    expect(screen.getByText('Taking you to your dashboard…')).toBeTruthy();
    expect(requests(sent, VERIFY_FACE)).toHaveLength(1);
    // The session id went with the request, not in the body.
    expect(JSON.parse(requests(sent, SESSION)[0]?.body ?? '')).toEqual({
      callback: `${window.location.origin}/face-verification`,
    });
  });
});

describe("with Veriff's InContext flow (its page is on Veriff's domain)", () => {
  it('opens the SDK with the session URL; when finished, checks, polls while undecided, then succeeds and opens the dashboard after 2 s', async () => {
    const user = withFakeTimers();
    let decided = false;
    const { router, sent } = renderPage({
      profile: priya,
      studentId: false,
      api: {
        [SESSION]: json({ sessionUrl: VERIFF_URL, sessionId: SESSION_ID }),
        [STATUS]: () => (decided ? approved() : status()),
      },
    });

    await user.click(await startButton());

    expect(await heading('Verification in progress')).toBeTruthy();
    await waitFor(() => {
      expect(veriff.createVeriffFrame).toHaveBeenCalledTimes(1);
    });
    const flow = veriffFrame();
    expect(flow.url).toBe(VERIFF_URL);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sessionStorage.getItem('veriff_session_id')).toBe(SESSION_ID);

    flow.emit(MESSAGES.STARTED);
    flow.emit(MESSAGES.SUBMITTED);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Verification in progress' }),
    ).toBeTruthy();
    expect(requests(sent, STATUS)).toEqual([]);

    flow.emit(MESSAGES.FINISHED);

    // processing, then polling: the decision is not there yet
    expect(await heading('Reviewing your verification')).toBeTruthy();
    expect(requests(sent, STATUS)).toHaveLength(1);
    expect(announced()).toBe(
      'Your verification is being reviewed. Review usually takes 1-2 minutes.',
    );

    // Every 5 seconds, not sooner.
    await advance(4500);
    expect(requests(sent, STATUS)).toHaveLength(1);
    await advance(500);
    expect(requests(sent, STATUS)).toHaveLength(2);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Reviewing your verification' }),
    ).toBeTruthy();

    decided = true;
    await advance(5000);

    expect(await heading('Identity verified')).toBeTruthy();
    expect(requests(sent, STATUS)).toHaveLength(3);
    expect(requests(sent, VERIFY_FACE)).toHaveLength(1);
    expect(requests(sent, VERIFY_WITH_PROVIDER)).toHaveLength(1);

    // Polling stopped with the success.
    await advance(1800);
    expect(router.location.pathname).toBe('/face-verification');
    await advance(200);
    await expectPath(router, '/dashboard');
    expect(requests(sent, STATUS)).toHaveLength(3);
  });

  it('a canceled flow is an error with Try Again', async () => {
    const user = userEvent.setup();
    const { sent } = renderPage({
      api: { [SESSION]: json({ sessionUrl: VERIFF_URL, sessionId: SESSION_ID }) },
    });
    await user.click(await startButton());
    await waitFor(() => {
      expect(veriff.createVeriffFrame).toHaveBeenCalledTimes(1);
    });

    veriffFrame().emit(MESSAGES.CANCELED);

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Verification was canceled or failed',
    );
    expect(requests(sent, STATUS)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await startButton()).toBeTruthy();
    expect(sessionStorage.getItem('veriff_session_id')).toBeNull();
  });

  it('a reload request opens the flow again with the same session', async () => {
    const user = userEvent.setup();
    renderPage({ api: { [SESSION]: json({ sessionUrl: VERIFF_URL, sessionId: SESSION_ID }) } });
    await user.click(await startButton());
    await waitFor(() => {
      expect(veriff.createVeriffFrame).toHaveBeenCalledTimes(1);
    });

    veriffFrame().emit(MESSAGES.RELOAD_REQUEST);

    await waitFor(() => {
      expect(veriff.createVeriffFrame).toHaveBeenCalledTimes(2);
    });
    expect(veriff.close).toHaveBeenCalledTimes(1);
    expect(veriffFrame().url).toBe(VERIFF_URL);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Verification in progress' }),
    ).toBeTruthy();
  });

  it("shows 'Failed to start verification' when the SDK cannot open the flow", async () => {
    veriff.createVeriffFrame.mockImplementation(() => {
      throw new Error('URL is not provided. Please provide a valid Veriff session url.');
    });
    const user = userEvent.setup();
    renderPage({ api: { [SESSION]: json({ sessionUrl: VERIFF_URL, sessionId: SESSION_ID }) } });

    await user.click(await startButton());

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to start verification',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('leaving the page closes the overlay', async () => {
    const user = userEvent.setup();
    const { router } = renderPage({
      api: { [SESSION]: json({ sessionUrl: VERIFF_URL, sessionId: SESSION_ID }) },
    });
    await user.click(await startButton());
    await waitFor(() => {
      expect(veriff.createVeriffFrame).toHaveBeenCalledTimes(1);
    });

    await act(() => router.navigate('/'));

    // The page cleans up as it leaves: once the next page's code has arrived (until then React
    // keeps it mounted behind the loading state) and React has run its effects' cleanups.
    await waitFor(() => {
      expect(veriff.close).toHaveBeenCalled();
    });
  });
});

describe('when the session cannot be opened', () => {
  it("shows 'Failed to create Veriff session'; Try Again goes back to idle", async () => {
    const user = userEvent.setup();
    const { sent } = renderPage({
      api: { [SESSION]: json({ message: 'Failed to create Veriff session' }, 502) },
    });

    await user.click(await startButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to create Veriff session');
    expect(sessionStorage.getItem('veriff_session_id')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await startButton()).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(announced()).toBe('Ready to start identity verification.');
    expect(requests(sent, SESSION)).toHaveLength(1);
  });

  it("shows the server's message when there were too many attempts", async () => {
    const user = userEvent.setup();
    renderPage({
      api: {
        [SESSION]: json(
          { message: 'Too many verification attempts. Please wait and try again later.' },
          429,
        ),
      },
    });

    await user.click(await startButton());

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many verification attempts. Please wait and try again later.',
    );
  });

  it('moves on to success when the server says the student is verified already', async () => {
    const user = userEvent.setup();
    const { sent } = renderPage({
      api: {
        [SESSION]: json({ message: 'Your identity is already verified.' }, 409),
        [STATUS]: approved(),
      },
    });

    await user.click(await startButton());

    expect(await heading('Identity verified')).toBeTruthy();
    expect(requests(sent, VERIFY_FACE)).toHaveLength(1);
    // No session was opened, so there is none to confirm with the provider.
    expect(requests(sent, VERIFY_WITH_PROVIDER)).toEqual([]);
  });

  it('without a token, sends the stored student id as pendingUserId', async () => {
    const user = userEvent.setup();
    const { sent } = renderPage({
      profile: null,
      api: { [SESSION]: json({ message: 'Unauthorized: please sign in again.' }, 401) },
    });

    await user.click(await startButton());

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to create Veriff session',
    );
    const [create] = requests(sent, SESSION);
    expect(JSON.parse(create?.body ?? '')).toEqual({
      callback: `${window.location.origin}/face-verification`,
      vendorData: STUDENT_ID,
      pendingUserId: STUDENT_ID,
    });
    expect(create?.headers.get('Authorization')).toBeNull();
  });
});

describe('the result', () => {
  async function finishWith(answer: Partial<TVerificationStatusResponse>, api = {}) {
    const user = userEvent.setup();
    const rendered = renderPage({
      api: {
        [SESSION]: json({ sessionUrl: VERIFF_URL, sessionId: SESSION_ID }),
        [STATUS]: () => status(answer),
        ...api,
      },
    });
    await user.click(await startButton());
    await waitFor(() => {
      expect(veriff.createVeriffFrame).toHaveBeenCalledTimes(1);
    });
    veriffFrame().emit(MESSAGES.FINISHED);
    return { ...rendered, user };
  }

  it('declined: the declined message with the result title and message; Try Again clears the session id', async () => {
    const { sent, user } = await finishWith({
      verificationResult: 'declined_face_match',
      status: 'declined',
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Identity verification was declined. Please try again.');
    expect(alert.textContent).toContain(VERIFICATION_RESULT_TEXTS.declined_face_match.message);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Face Verification Failed' }),
    ).toBeTruthy();
    expect(announced()).toBe('');
    expect(sessionStorage.getItem('veriff_session_id')).toBe(SESSION_ID);

    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await startButton()).toBeTruthy();
    expect(sessionStorage.getItem('veriff_session_id')).toBeNull();
    expect(requests(sent, STATUS)).toHaveLength(1);
  });

  it('a passport mismatch is declined with its own texts', async () => {
    await finishWith({ verificationResult: 'approved_passport_mismatch', status: 'declined' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Identity verification was declined. Please try again.');
    expect(alert.textContent).toContain(
      VERIFICATION_RESULT_TEXTS.approved_passport_mismatch.message,
    );
    expect(
      screen.getByRole('heading', { level: 2, name: 'Document Mismatch Detected' }),
    ).toBeTruthy();
  });

  it('a result that is not actionable shows the contact-support text and no Try Again', async () => {
    await finishWith({
      verificationResult: 'declined_fraud',
      status: 'declined',
      reason: 'Known fraud',
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(VERIFICATION_RESULT_TEXTS.declined_fraud.message);
    expect(screen.getByText(SUPPORT_EMAIL)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Verification Declined' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.queryByText(/Known fraud/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
  });

  it('another decided result: Verification failed, with the result code texts', async () => {
    await finishWith({
      verificationResult: 'declined_document_quality',
      status: 'resubmission_requested',
      reason: 'Poor image quality',
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Verification failed');
    expect(alert.textContent).toContain(
      VERIFICATION_RESULT_TEXTS.declined_document_quality.message,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Document Quality Issue' })).toBeTruthy();
    expect(screen.getByText('Reason given by Veriff: Poor image quality')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('an unknown result code reads as the catalogue\'s "any other" row', async () => {
    await finishWith({ verificationResult: 'something_new', status: 'error' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Verification failed');
    expect(alert.textContent).toContain(VERIFICATION_RESULT_TEXTS.verification_failed.message);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('is not a success when verify-face refuses: Verification failed, and the student stays unverified', async () => {
    const { sent } = await finishWith(
      { faceVerified: true, verificationResult: 'approved', status: 'approved' },
      {
        [VERIFY_FACE]: json(
          { message: 'Your identity verification has not been approved yet.' },
          409,
        ),
      },
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Verification failed');
    expect(requests(sent, VERIFY_WITH_PROVIDER)).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Identity verified' })).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('user_profile') ?? 'null')).toMatchObject({
      faceVerified: false,
    });
  });
});

describe('a stored verification session id', () => {
  it('resumes at processing on load, and polls while undecided', async () => {
    withFakeTimers();
    const first = deferred<Response>();
    const { sent } = renderPage({
      storedSessionId: SESSION_ID,
      api: {
        [STATUS]: answers(
          () => first.promise,
          () => status(),
        ),
      },
    });

    expect(await heading('Checking your result…')).toBeTruthy();
    expect(announced()).toBe('Checking your verification result…');
    expect(screen.queryByRole('button', { name: 'Start Identity Verification' })).toBeNull();
    expect(requests(sent, SESSION)).toEqual([]);

    first.resolve(status());

    expect(await heading('Reviewing your verification')).toBeTruthy();
    await advance(5000);
    expect(requests(sent, STATUS)).toHaveLength(2);
  });

  it('resumes into success, confirming the stored session with the provider', async () => {
    const { sent } = renderPage({ storedSessionId: SESSION_ID, api: { [STATUS]: approved() } });

    expect(await heading('Identity verified')).toBeTruthy();
    expect(requests(sent, VERIFY_WITH_PROVIDER)).toHaveLength(1);
    expect(sessionStorage.getItem('veriff_session_id')).toBeNull();
  });
});

describe('polling', () => {
  async function startPolling(statusAnswer: () => Response | Promise<Response>) {
    const user = withFakeTimers();
    const rendered = renderPage({
      storedSessionId: SESSION_ID,
      api: { [STATUS]: statusAnswer },
    });
    await heading('Reviewing your verification');
    return { ...rendered, user };
  }

  it('stops at the first decided result and shows its message', async () => {
    let calls = 0;
    const { sent } = await startPolling(() => {
      calls += 1;
      return calls < 3
        ? status()
        : status({
            verificationResult: 'declined_document_expired',
            status: 'resubmission_requested',
          });
    });

    await advance(5000);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Reviewing your verification' }),
    ).toBeTruthy();
    await advance(5000);

    expect((await screen.findByRole('alert')).textContent).toContain(
      VERIFICATION_RESULT_TEXTS.declined_document_expired.message,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Document Expired' })).toBeTruthy();
    await advance(30_000);
    expect(requests(sent, STATUS)).toHaveLength(3);
  });

  it('gives up after 60 attempts with the time-out message', async () => {
    const { sent } = await startPolling(() => status());

    for (let attempt = 1; attempt < 60; attempt += 1) await advance(5000);
    // The processing check, then 59 polls: still waiting.
    expect(requests(sent, STATUS)).toHaveLength(60);
    expect(screen.queryByRole('alert')).toBeNull();

    await advance(5000);

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Verification is taking longer than expected. Please try again or contact support.',
    );
    expect(requests(sent, STATUS)).toHaveLength(61);
    await advance(60_000);
    expect(requests(sent, STATUS)).toHaveLength(61);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('keeps going through failed checks, and says it could not check when the last one fails', async () => {
    let calls = 0;
    const { sent } = await startPolling(() => {
      calls += 1;
      // The processing check, then a failure on polls 1 and 60.
      return calls === 2 || calls === 61
        ? json({ message: 'Internal Server Error' }, 500)
        : status();
    });

    await advance(5000);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Reviewing your verification' }),
    ).toBeTruthy();
    for (let attempt = 2; attempt <= 60; attempt += 1) await advance(5000);

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Unable to check verification status. Please try again.',
    );
    expect(requests(sent, STATUS)).toHaveLength(61);
  });

  it('stops when the tab no longer has a token', async () => {
    const { sent } = await startPolling(() => status());
    await advance(5000);
    expect(requests(sent, STATUS)).toHaveLength(2);

    sessionStorage.removeItem('jwt_token');
    await advance(5000);

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Unable to check verification status. Please try again.',
    );
    await advance(30_000);
    expect(requests(sent, STATUS)).toHaveLength(2);
  });

  it('Try Again after a result stops everything and clears the stored session id', async () => {
    let calls = 0;
    const { sent, user } = await startPolling(() => {
      calls += 1;
      return calls < 2
        ? status()
        : status({
            verificationResult: 'resubmission_requested',
            status: 'resubmission_requested',
          });
    });
    await advance(5000);
    await screen.findByRole('alert');

    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await startButton()).toBeTruthy();
    expect(sessionStorage.getItem('veriff_session_id')).toBeNull();
    await advance(60_000);
    expect(requests(sent, STATUS)).toHaveLength(2);
  });
});

describe('redirects, once the session check has ended', () => {
  it('shows a loading status while the session is checked', async () => {
    const profile = deferred<Response>();
    const { router } = renderPage({ api: { 'GET /api/user/profile': () => profile.promise } });

    const checking = await screen.findByText('Checking your session…');
    expect(checking.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Identity Verification' })).toBeNull();
    profile.resolve(json(amara));

    expect(await startButton()).toBeTruthy();
    expect(router.location.pathname).toBe('/face-verification');
  });

  it('1. demo mode, a full session, verified: /dashboard', async () => {
    const { router } = renderPage({
      demoMode: true,
      profile: { ...priya, faceVerified: true, verificationResult: 'approved' },
      studentId: false,
    });

    await expectPath(router, '/dashboard');
  });

  it('1. demo mode, a full session not verified yet: stays, so the student can verify', async () => {
    const { router } = renderPage({ demoMode: true, profile: priya, studentId: false });

    expect(await startButton()).toBeTruthy();
    expect(router.location.pathname).toBe('/face-verification');
  });

  it('2. no session, no stored profile, no student id: /signup', async () => {
    const { router } = renderPage({ profile: null, studentId: false });

    await expectPath(router, '/signup');
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
  });

  it('2. no session but a stored student id: stays', async () => {
    const { router } = renderPage({ profile: null, studentId: true });

    expect(await startButton()).toBeTruthy();
    expect(router.location.pathname).toBe('/face-verification');
  });

  it('2. no session but a stored profile: stays', async () => {
    sessionStorage.setItem('user_profile', JSON.stringify(amara));
    const { router } = renderPage({ profile: null, studentId: false });

    expect(await startButton()).toBeTruthy();
    expect(router.location.pathname).toBe('/face-verification');
  });

  it('3. a verified full session: /dashboard', async () => {
    const { router } = renderPage({
      profile: { ...priya, faceVerified: true, verificationResult: 'approved' },
      studentId: false,
    });

    await expectPath(router, '/dashboard');
  });

  it('3. a verified onboarding session: the passkey step of sign-up, also in demo mode', async () => {
    const { router } = renderPage({
      demoMode: true,
      profile: { ...amara, faceVerified: true, verificationResult: 'approved' },
    });

    expect(await screen.findByText('Step 2 of 3')).toBeTruthy();
    expect(router.location.pathname).toBe('/signup');
  });

  it('does not resume a stored session when it redirects', async () => {
    const { router, sent } = renderPage({
      storedSessionId: SESSION_ID,
      profile: { ...priya, faceVerified: true, verificationResult: 'approved' },
      studentId: false,
    });

    await expectPath(router, '/dashboard');
    expect(requests(sent, STATUS)).toEqual([]);
  });
});
