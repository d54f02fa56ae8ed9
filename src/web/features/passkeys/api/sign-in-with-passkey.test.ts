import { startAuthentication } from '@simplewebauthn/browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_MESSAGES } from '../../../../shared/passkeys.js';
import { signedInStudent } from '../../../test/data-generators.js';
import { installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import {
  aborted,
  authenticationCredential,
  authenticationOptions,
  notAllowed,
} from '../test/passkey-fixtures.js';
import { PasskeyError } from '../utils/passkey-error.js';
import { signInWithPasskey } from './sign-in-with-passkey.js';

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
const browserGet = vi.mocked(startAuthentication);

const completed = { success: true, token: 'passkey-token', user: signedInStudent() };
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

function fakeServer(api: Record<string, Answer> = {}) {
  return installFakeFetch({
    'POST /api/webauthn/authenticate/begin': json(authenticationOptions),
    'POST /api/webauthn/authenticate/complete': json(completed),
    ...api,
  });
}

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
  browserGet.mockReset();
  browserGet.mockResolvedValue(authenticationCredential);
});

describe('signInWithPasskey', () => {
  it('asks for a challenge with an empty object, runs the prompt, and answers the session', async () => {
    const { sent } = fakeServer();

    expect(await signInWithPasskey()).toEqual(completed);

    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/webauthn/authenticate/begin',
      'POST /api/webauthn/authenticate/complete',
    ]);
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({});
    // Usernameless: the device offers whichever passkey it holds for the portal.
    expect(browserGet).toHaveBeenCalledWith({ optionsJSON: authenticationOptions });
    expect(JSON.parse(sent[1]?.body ?? '')).toEqual({ credential: authenticationCredential });
    expect(sent.every((r) => r.credentials === 'include')).toBe(true);
  });

  it.each([
    ['cancelled, timed out or found no passkey (NotAllowedError)', notAllowed],
    ['aborted (AbortError)', aborted],
  ])(
    "says 'No credential returned or authentication was cancelled' when the prompt is %s",
    async (_case, error) => {
      browserGet.mockRejectedValue(error());
      const { sent } = fakeServer();

      const failure = await failureOf(signInWithPasskey());

      expect(failure.message).toBe('No credential returned or authentication was cancelled');
      expect(failure.stage).toBe('browser');
      expect(sent.map((r) => r.url)).toEqual(['/api/webauthn/authenticate/begin']);
    },
  );

  it("says 'Authentication failed' when the device fails otherwise", async () => {
    browserGet.mockRejectedValue(new DOMException('The operation is insecure.', 'SecurityError'));
    fakeServer();

    expect((await failureOf(signInWithPasskey())).message).toBe('Authentication failed');
  });

  it("shows the server's refusal, 'Authentication failed. Please try again.'", async () => {
    fakeServer({
      'POST /api/webauthn/authenticate/complete': json(
        { message: 'Authentication failed. Please try again.' },
        401,
      ),
    });

    const failure = await failureOf(signInWithPasskey());

    expect(failure.message).toBe('Authentication failed. Please try again.');
    expect(failure.stage).toBe('complete');
    expect(failure.status).toBe(401);
  });

  it("says 'Authentication failed. Please try again.' when a refusal carries no message", async () => {
    fakeServer({
      'POST /api/webauthn/authenticate/complete': new Response('', {
        status: 500,
        statusText: 'Internal Server Error',
      }),
    });

    expect((await failureOf(signInWithPasskey())).message).toBe(
      'Authentication failed. Please try again.',
    );
  });

  it("shows the server's message when the challenge is refused, such as too many attempts", async () => {
    fakeServer({
      'POST /api/webauthn/authenticate/begin': json(
        {
          message:
            'Too many sign-in attempts from this network. Please wait a minute and try again.',
        },
        429,
      ),
    });

    expect((await failureOf(signInWithPasskey())).message).toBe(
      'Too many sign-in attempts from this network. Please wait a minute and try again.',
    );
    expect(browserGet).not.toHaveBeenCalled();
  });

  it.each([
    ['asking for the challenge', { 'POST /api/webauthn/authenticate/begin': offline }],
    ['sending the passkey', { 'POST /api/webauthn/authenticate/complete': offline }],
  ])("says 'Network error during authentication' when offline while %s", async (_case, api) => {
    fakeServer(api);

    expect((await failureOf(signInWithPasskey())).message).toBe(
      'Network error during authentication',
    );
  });

  it("says 'Authentication failed' when the session answer is unreadable", async () => {
    fakeServer({ 'POST /api/webauthn/authenticate/complete': json({ success: true }) });

    expect((await failureOf(signInWithPasskey())).message).toBe('Authentication failed');
  });
});

describe('signInWithPasskey, simulated (demo mode where the browser cannot make a passkey)', () => {
  const kept = { id: 'simulated:c2ltdWxhdGVkLXBhc3NrZXktaWQ', secret: 'c2ltdWxhdGVkLXNlY3JldA' };
  const keepPasskey = () => {
    localStorage.setItem('simulated_passkey', JSON.stringify(kept));
  };

  it('sends the challenge with the kept passkey, without the browser prompt, and answers the session', async () => {
    keepPasskey();
    const { sent } = fakeServer();

    expect(await signInWithPasskey('simulated')).toEqual(completed);

    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/webauthn/authenticate/begin',
      'POST /api/webauthn/authenticate/complete',
    ]);
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({});
    expect(JSON.parse(sent[1]?.body ?? '')).toEqual({
      credential: {
        demo: true,
        challenge: authenticationOptions.challenge,
        credentialId: kept.id,
        secret: kept.secret,
      },
    });
    expect(browserGet).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('simulated_passkey') ?? 'null')).toEqual(kept);
  });

  it.each([
    ['none is kept', null],
    ['what is kept is unreadable', 'not json'],
    ['what is kept is not a simulated passkey', JSON.stringify({ id: 'Y3JlZA', secret: 'c2Vj' })],
  ])(
    "says 'No credential returned or authentication was cancelled' when %s, and asks the server nothing",
    async (_case, stored) => {
      if (stored !== null) localStorage.setItem('simulated_passkey', stored);
      const { sent } = fakeServer();

      const failure = await failureOf(signInWithPasskey('simulated'));

      expect(failure.message).toBe(PASSKEY_MESSAGES.noCredential);
      expect(failure.message).toBe('No credential returned or authentication was cancelled');
      expect(sent).toEqual([]);
    },
  );

  it.each([
    ['no token', { success: true, user: signedInStudent() }],
    ['no user', { success: true, token: 'passkey-token' }],
    ['neither', { success: true }],
  ])(
    "says 'Demo authentication failed - missing token or user data' for an answer with %s",
    async (_case, body) => {
      keepPasskey();
      fakeServer({ 'POST /api/webauthn/authenticate/complete': json(body) });

      const failure = await failureOf(signInWithPasskey('simulated'));

      expect(failure.message).toBe('Demo authentication failed - missing token or user data');
      expect(failure.stage).toBe('complete');
    },
  );

  it.each([
    [
      'refuses the passkey',
      json({ message: 'Authentication failed. Please try again.' }, 401),
      'Authentication failed. Please try again.',
    ],
    [
      'has no demo mode',
      json({ message: 'Simulated passkeys are not available on this server.' }, 400),
      'Simulated passkeys are not available on this server.',
    ],
    ['cannot be reached', offline, 'Network error during authentication'],
  ])(
    "shows the server's answer when it %s, and keeps the passkey",
    async (_case, answer, message) => {
      keepPasskey();
      fakeServer({ 'POST /api/webauthn/authenticate/complete': answer });

      expect((await failureOf(signInWithPasskey('simulated'))).message).toBe(message);
      expect(JSON.parse(localStorage.getItem('simulated_passkey') ?? 'null')).toEqual(kept);
    },
  );
});
