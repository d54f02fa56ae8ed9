import { startRegistration } from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_MESSAGES, SIMULATED_PASSKEY_DELAY_MS } from '../../../../shared/passkeys.js';
import { installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import {
  aborted,
  amara,
  notAllowed,
  registrationCredential,
  registrationOptions,
  STUDENT_ID,
} from '../test/passkey-fixtures.js';
import { PasskeyError } from '../utils/passkey-error.js';
import { registerPasskey } from './register-passkey.js';

// The browser's WebAuthn API, which jsdom does not have; the HTTP side is faked at fetch.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
const browserCreate = vi.mocked(startRegistration);

const completed = {
  success: true,
  token: 'passkey-token',
  user: { ...amara, sessionScope: 'student' },
};

function fakeServer(api: Record<string, Answer> = {}) {
  return installFakeFetch({
    'POST /api/webauthn/register/begin': json(registrationOptions),
    'POST /api/webauthn/register/complete': json(completed),
    ...api,
  });
}

const onSignup = {
  from: 'signup',
  studentId: STUDENT_ID,
  userId: STUDENT_ID,
  email: 'amara.okafor@example.com',
} as const;

async function failureOf(promise: Promise<unknown>): Promise<PasskeyError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PasskeyError))
    throw new Error(`expected a PasskeyError, got ${String(error)}`);
  return error;
}

beforeEach(() => {
  browserCreate.mockReset();
  browserCreate.mockResolvedValue(registrationCredential);
});

describe('registerPasskey', () => {
  it('on sign-up sends the student id, user id and e-mail, runs the browser prompt, and answers the session', async () => {
    sessionStorage.setItem('jwt_token', 'onboarding-token');
    const { sent } = fakeServer();

    const answer = await registerPasskey(onSignup);

    expect(answer).toEqual(completed);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/webauthn/register/begin',
      'POST /api/webauthn/register/complete',
    ]);
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      username: STUDENT_ID,
      userId: STUDENT_ID,
      displayName: 'amara.okafor@example.com',
    });
    expect(browserCreate).toHaveBeenCalledWith({ optionsJSON: registrationOptions });
    // Spec section 7: the completion's username is the e-mail on sign-up.
    expect(JSON.parse(sent[1]?.body ?? '')).toEqual({
      credential: registrationCredential,
      username: 'amara.okafor@example.com',
      userId: STUDENT_ID,
    });
    for (const request of sent) {
      expect(request.headers.get('Authorization')).toBe('Bearer onboarding-token');
      expect(request.credentials).toBe('include');
    }
  });

  it('on the passkey screen sends the username alone to begin, and the user id with the completion', async () => {
    const { sent } = fakeServer();

    await registerPasskey({ from: 'passkey-screen', username: 'amara', userId: STUDENT_ID });

    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ username: 'amara' });
    expect(JSON.parse(sent[1]?.body ?? '')).toEqual({
      credential: registrationCredential,
      username: 'amara',
      userId: STUDENT_ID,
    });
  });

  it.each([
    [
      'the server refuses (no session)',
      json({ message: 'Unauthorized: please sign in again.' }, 401),
    ],
    [
      'the identity check is not done',
      json({ message: 'Please complete identity verification before creating a passkey.' }, 403),
    ],
    ['the server fails', new Response('Internal Server Error', { status: 500 })],
    ['the answer is not creation options', json({ nothing: 'here' })],
    ['the network is down', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])(
    "says 'Failed to get registration challenge' when %s, and opens no prompt",
    async (_case, answer) => {
      const { sent } = fakeServer({ 'POST /api/webauthn/register/begin': answer });

      const error = await failureOf(registerPasskey(onSignup));

      expect(error.message).toBe(PASSKEY_MESSAGES.challengeFailed);
      expect(error.message).toBe('Failed to get registration challenge');
      expect(error.stage).toBe('begin');
      expect(browserCreate).not.toHaveBeenCalled();
      expect(sent.map((r) => r.url)).not.toContain('/api/webauthn/register/complete');
    },
  );

  it('keeps the status of a refused challenge, for the screen to explain it', async () => {
    fakeServer({
      'POST /api/webauthn/register/begin': json(
        { message: 'Unauthorized: please sign in again.' },
        401,
      ),
    });

    expect(
      (await failureOf(registerPasskey({ from: 'passkey-screen', username: 'amara' }))).status,
    ).toBe(401);
  });

  it.each([
    ['cancelled or timed out (NotAllowedError)', notAllowed],
    ['aborted (AbortError)', aborted],
  ])("says 'Registration was cancelled or failed' when the prompt is %s", async (_case, error) => {
    browserCreate.mockRejectedValue(error());
    const { sent } = fakeServer();

    const failure = await failureOf(registerPasskey(onSignup));

    expect(failure.message).toBe('Registration was cancelled or failed');
    expect(failure.stage).toBe('browser');
    expect(sent.map((r) => r.url)).toEqual(['/api/webauthn/register/begin']);
  });

  it("says 'Failed to create passkey' when the device cannot make one", async () => {
    browserCreate.mockRejectedValue(
      new DOMException('The authenticator was previously registered', 'InvalidStateError'),
    );
    fakeServer();

    expect((await failureOf(registerPasskey(onSignup))).message).toBe('Failed to create passkey');
  });

  it("shows the server's message when the completion is refused with one", async () => {
    fakeServer({
      'POST /api/webauthn/register/complete': json(
        { message: 'This passkey request has expired or was already used. Please try again.' },
        400,
      ),
    });

    const failure = await failureOf(registerPasskey(onSignup));

    expect(failure.message).toBe(
      'This passkey request has expired or was already used. Please try again.',
    );
    expect(failure.stage).toBe('complete');
  });

  it.each([
    ['an answer without a message', new Response('Bad Gateway', { status: 502 })],
    ['an unreadable answer', json({ success: true })],
    ['a lost connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])(
    "says 'Passkey registration failed. Please try again.' for %s to the completion",
    async (_case, answer) => {
      fakeServer({ 'POST /api/webauthn/register/complete': answer });

      expect((await failureOf(registerPasskey(onSignup))).message).toBe(
        'Passkey registration failed. Please try again.',
      );
    },
  );
});

describe('registerPasskey, simulated (demo mode where the browser cannot make a passkey)', () => {
  const simulatedCredential = {
    id: 'simulated:c2ltdWxhdGVkLXBhc3NrZXktaWQ',
    secret: 'c2ltdWxhdGVkLXNlY3JldA',
  };
  const completedWithSimulated = { ...completed, simulatedCredential };
  const completions = (sent: { url: string; body: string | null }[]) =>
    sent.filter((r) => r.url === '/api/webauthn/register/complete');

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('begins as usual, waits 1.5 s, completes with the demo flag and the challenge, and keeps the passkey', async () => {
    const { sent } = fakeServer({
      'POST /api/webauthn/register/complete': json(completedWithSimulated),
    });

    const answer = registerPasskey(onSignup, 'simulated');
    await vi.advanceTimersByTimeAsync(SIMULATED_PASSKEY_DELAY_MS - 1);
    expect(sent.map((r) => r.url)).toEqual(['/api/webauthn/register/begin']);
    await vi.advanceTimersByTimeAsync(1);

    // The session signs the student in; the simulated passkey stays with the browser.
    expect(await answer).toEqual(completed);
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      username: STUDENT_ID,
      userId: STUDENT_ID,
      displayName: 'amara.okafor@example.com',
    });
    expect(JSON.parse(completions(sent)[0]?.body ?? '')).toEqual({
      credential: { demo: true, challenge: registrationOptions.challenge },
      username: 'amara.okafor@example.com',
      userId: STUDENT_ID,
    });
    expect(browserCreate).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('simulated_passkey') ?? 'null')).toEqual(
      simulatedCredential,
    );
  });

  it('replaces the simulated passkey an earlier registration kept', async () => {
    localStorage.setItem(
      'simulated_passkey',
      JSON.stringify({ id: 'simulated:b2xk', secret: 'b2xk' }),
    );
    fakeServer({ 'POST /api/webauthn/register/complete': json(completedWithSimulated) });

    const answer = registerPasskey({ from: 'passkey-screen', username: 'amara' }, 'simulated');
    await vi.advanceTimersByTimeAsync(SIMULATED_PASSKEY_DELAY_MS);
    await answer;

    expect(JSON.parse(localStorage.getItem('simulated_passkey') ?? 'null')).toEqual(
      simulatedCredential,
    );
  });

  it("shows the server's refusal (a server without demo mode) and keeps nothing", async () => {
    fakeServer({
      'POST /api/webauthn/register/complete': json(
        { message: 'Simulated passkeys are not available on this server.' },
        400,
      ),
    });

    const failure = failureOf(registerPasskey(onSignup, 'simulated'));
    await vi.advanceTimersByTimeAsync(SIMULATED_PASSKEY_DELAY_MS);

    expect((await failure).message).toBe('Simulated passkeys are not available on this server.');
    expect(localStorage.getItem('simulated_passkey')).toBeNull();
  });

  it("says 'Passkey registration failed. Please try again.' when the answer has no simulated passkey", async () => {
    fakeServer();

    const failure = failureOf(registerPasskey(onSignup, 'simulated'));
    await vi.advanceTimersByTimeAsync(SIMULATED_PASSKEY_DELAY_MS);

    expect((await failure).message).toBe('Passkey registration failed. Please try again.');
    expect(localStorage.getItem('simulated_passkey')).toBeNull();
  });

  it("says 'Failed to get registration challenge' when the challenge is refused, and waits for nothing", async () => {
    const { sent } = fakeServer({
      'POST /api/webauthn/register/begin': json({ message: 'Unauthorized' }, 401),
    });

    expect((await failureOf(registerPasskey(onSignup, 'simulated'))).message).toBe(
      'Failed to get registration challenge',
    );
    expect(completions(sent)).toEqual([]);
  });

  it('a real registration keeps nothing in localStorage', async () => {
    fakeServer();

    await registerPasskey(onSignup);

    expect(browserCreate).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('simulated_passkey')).toBeNull();
  });
});
