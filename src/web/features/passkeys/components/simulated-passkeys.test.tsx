import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUserProfile } from '../../../../shared/auth.js';
import { SIMULATED_PASSKEY_DELAY_MS } from '../../../../shared/passkeys.js';
import { dashboardAnswers, signedInStudent } from '../../../test/data-generators.js';
import { deferred, installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import {
  amara,
  authenticationCredential,
  authenticationOptions,
  registrationCredential,
  registrationOptions,
  STUDENT_ID,
} from '../test/passkey-fixtures.js';

/**
 * The simulated passkey of demo mode (spec sections 2, 7, 8 and 9), on the sign-up passkey step
 * and the passkey screen: used only where the browser cannot make a real passkey and the server
 * says it runs in demo mode.
 */

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
const supports = vi.mocked(browserSupportsWebAuthn);
const browserCreate = vi.mocked(startRegistration);
const browserGet = vi.mocked(startAuthentication);

const NOTICE =
  "Passkeys need a secure, top-level page. In this demo a simulated passkey is used instead; a real deployment uses your device's passkey.";
const kept = { id: 'simulated:c2ltdWxhdGVkLXBhc3NrZXktaWQ', secret: 'c2ltdWxhdGVkLXNlY3JldA' };
const signedIn: TUserProfile = { ...amara, sessionScope: 'student' };

beforeEach(() => {
  supports.mockReset().mockReturnValue(true);
  browserCreate.mockReset().mockResolvedValue(registrationCredential);
  browserGet.mockReset().mockResolvedValue(authenticationCredential);
});
afterEach(() => {
  vi.useRealTimers();
});

/** The app shown by a hosted preview: inside a frame of another origin, whose location it cannot read. */
function runInCrossOriginFrame() {
  const previewHost = {
    get location(): Location {
      throw new DOMException(
        'Blocked a frame from accessing a cross-origin frame.',
        'SecurityError',
      );
    },
  } as unknown as Window;
  vi.spyOn(window, 'top', 'get').mockReturnValue(previewHost);
}

type Where = 'no WebAuthn' | 'a cross-origin frame';
function browserCannotMakePasskeys(where: Where) {
  if (where === 'no WebAuthn') supports.mockReturnValue(false);
  else runInCrossOriginFrame();
}

function openApp(path: string, api: Record<string, Answer>, { demoMode = true } = {}) {
  const { sent } = installFakeFetch({
    'GET /api/config': json({
      productName: 'F-1 Student Portal',
      demoMode,
      simulatedPasskeys: demoMode,
    }),
    'POST /api/webauthn/register/begin': json(registrationOptions),
    'POST /api/webauthn/authenticate/begin': json(authenticationOptions),
    // Where a signed-in student lands, and leaves from.
    ...dashboardAnswers(),
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    ...api,
  });
  const router = renderApp(path);
  return { router, sent };
}

/** Amara back from identity verification, at the passkey step of sign-up. */
function renderSignupStep(api: Record<string, Answer> = {}, options: { demoMode?: boolean } = {}) {
  sessionStorage.setItem('student_id', STUDENT_ID);
  sessionStorage.setItem('jwt_token', 'onboarding-token');
  return openApp(
    '/signup?step=passkey',
    {
      'GET /api/user/profile': json(amara),
      'POST /api/webauthn/register/complete': json({
        success: true,
        token: 'full-token',
        user: signedIn,
        simulatedCredential: kept,
      }),
      ...api,
    },
    options,
  );
}

const passkeyPosts = (sent: { method: string; url: string }[]) =>
  sent.filter((r) => r.method === 'POST' && r.url.startsWith('/api/webauthn/')).map((r) => r.url);
const bodyOf = (sent: { url: string; body: string | null }[], url: string): unknown =>
  JSON.parse(sent.find((r) => r.url === url)?.body ?? 'null');
const keptPasskey = (): unknown => JSON.parse(localStorage.getItem('simulated_passkey') ?? 'null');

async function enabledButton(name: string) {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => {
    expect(button.hasAttribute('disabled')).toBe(false);
  });
  return button;
}

function fakeTimersAndUser() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
}

describe.each<Where>(['no WebAuthn', 'a cross-origin frame'])(
  'in demo mode, where the browser cannot make a passkey (%s)',
  (where) => {
    beforeEach(() => {
      browserCannotMakePasskeys(where);
    });

    it('the sign-up step says a simulated passkey is used, makes one after 1.5 s, keeps it, and signs in', async () => {
      const user = fakeTimersAndUser();
      const { sent } = renderSignupStep();

      const notice = await screen.findByRole('note');
      expect(notice.textContent).toContain('This demo uses a simulated passkey');
      expect(notice.textContent).toContain(NOTICE);
      expect(screen.queryByText(/not supported/)).toBeNull();

      await user.click(await enabledButton('Create Passkey'));

      const busy = await screen.findByRole('button', { name: /Creating a simulated passkey/ });
      expect(busy.getAttribute('aria-busy')).toBe('true');
      expect(busy.hasAttribute('disabled')).toBe(true);
      await waitFor(() => {
        expect(passkeyPosts(sent)).toEqual(['/api/webauthn/register/begin']);
      });

      await act(() => vi.advanceTimersByTimeAsync(SIMULATED_PASSKEY_DELAY_MS));

      expect(await screen.findByRole('progressbar', { name: 'Step 3 of 3' })).toBeTruthy();
      expect(passkeyPosts(sent)).toEqual([
        '/api/webauthn/register/begin',
        '/api/webauthn/register/complete',
      ]);
      expect(bodyOf(sent, '/api/webauthn/register/complete')).toEqual({
        credential: { demo: true, challenge: registrationOptions.challenge },
        username: amara.email,
        userId: amara.id,
      });
      expect(browserCreate).not.toHaveBeenCalled();
      expect(keptPasskey()).toEqual(kept);
      expect(sessionStorage.getItem('jwt_token')).toBe('full-token');
    });

    it('the passkey screen signs in with the kept passkey; logging out keeps it', async () => {
      localStorage.setItem('simulated_passkey', JSON.stringify(kept));
      const rendered = openApp('/webauthn-login', {
        'POST /api/webauthn/authenticate/complete': json({
          success: true,
          token: 'passkey-token',
          user: signedInStudent(),
        }),
      });
      const user = userEvent.setup();

      expect((await screen.findByRole('note')).textContent).toContain(NOTICE);
      await user.click(await enabledButton('Sign in with Passkey'));

      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeTruthy();
      expect(bodyOf(rendered.sent, '/api/webauthn/authenticate/complete')).toEqual({
        credential: {
          demo: true,
          challenge: authenticationOptions.challenge,
          credentialId: kept.id,
          secret: kept.secret,
        },
      });
      expect(browserGet).not.toHaveBeenCalled();

      // The simulated passkey is this device's passkey: a logout ends the session, not the passkey.
      await user.click(screen.getByRole('button', { name: 'Log Out' }));
      await waitFor(() => {
        expect(rendered.router.location.pathname).toBe('/');
      });
      expect(sessionStorage.getItem('jwt_token')).toBeNull();
      expect(keptPasskey()).toEqual(kept);
    });

    it("the passkey screen says 'No credential returned or authentication was cancelled' when no passkey is kept", async () => {
      const rendered = openApp('/webauthn-login', {});
      const user = userEvent.setup();

      await user.click(await enabledButton('Sign in with Passkey'));

      expect((await screen.findByRole('alert')).textContent).toBe(
        'No credential returned or authentication was cancelled',
      );
      expect(passkeyPosts(rendered.sent)).toEqual([]);
      expect(rendered.router.location.pathname).toBe('/webauthn-login');
    });

    it("the passkey screen says 'Demo authentication failed - missing token or user data' for an answer without them", async () => {
      localStorage.setItem('simulated_passkey', JSON.stringify(kept));
      openApp('/webauthn-login', {
        'POST /api/webauthn/authenticate/complete': json({
          success: true,
          user: signedInStudent(),
        }),
      });
      const user = userEvent.setup();

      await user.click(await enabledButton('Sign in with Passkey'));

      expect((await screen.findByRole('alert')).textContent).toBe(
        'Demo authentication failed - missing token or user data',
      );
      expect(sessionStorage.getItem('jwt_token')).toBeNull();
    });

    it('the passkey screen creates one in register mode for an onboarding session, after 1.5 s', async () => {
      sessionStorage.setItem('jwt_token', 'onboarding-token');
      const user = fakeTimersAndUser();
      const rendered = openApp('/webauthn', {
        'GET /api/user/profile': json(amara),
        'POST /api/webauthn/register/complete': json({
          success: true,
          token: 'full-token',
          user: signedIn,
          simulatedCredential: kept,
        }),
      });
      await user.click(await enabledButton('Create a new passkey'));
      expect(screen.getByRole('note').textContent).toContain(NOTICE);

      await user.click(await enabledButton('Create Secure Passkey'));
      await waitFor(() => {
        expect(passkeyPosts(rendered.sent)).toEqual(['/api/webauthn/register/begin']);
      });
      await act(() => vi.advanceTimersByTimeAsync(SIMULATED_PASSKEY_DELAY_MS));

      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Amara' })).toBeTruthy();
      expect(bodyOf(rendered.sent, '/api/webauthn/register/complete')).toEqual({
        credential: { demo: true, challenge: registrationOptions.challenge },
        username: amara.email,
        userId: amara.id,
      });
      expect(keptPasskey()).toEqual(kept);
    });
  },
);

describe('where the browser can make a passkey, demo mode changes nothing', () => {
  it('the sign-up step uses the real passkey, with no notice', async () => {
    const { sent } = renderSignupStep({
      'POST /api/webauthn/register/complete': json({
        success: true,
        token: 'full-token',
        user: signedIn,
      }),
    });
    const user = userEvent.setup();

    await user.click(await enabledButton('Create Passkey'));

    expect(await screen.findByRole('progressbar', { name: 'Step 3 of 3' })).toBeTruthy();
    expect(browserCreate).toHaveBeenCalledWith({ optionsJSON: registrationOptions });
    expect(bodyOf(sent, '/api/webauthn/register/complete')).toMatchObject({
      credential: registrationCredential,
    });
    expect(screen.queryByRole('note')).toBeNull();
    expect(keptPasskey()).toBeNull();
  });

  it('the passkey screen signs in with the real passkey, even with a simulated one kept', async () => {
    localStorage.setItem('simulated_passkey', JSON.stringify(kept));
    const { sent } = openApp('/webauthn-login', {
      'POST /api/webauthn/authenticate/complete': json({
        success: true,
        token: 'passkey-token',
        user: signedInStudent(),
      }),
    });
    const user = userEvent.setup();

    await user.click(await enabledButton('Sign in with Passkey'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeTruthy();
    expect(browserGet).toHaveBeenCalledTimes(1);
    expect(bodyOf(sent, '/api/webauthn/authenticate/complete')).toEqual({
      credential: authenticationCredential,
    });
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('where the browser cannot make a passkey and the server is no demo', () => {
  it.each<Where>(['no WebAuthn', 'a cross-origin frame'])(
    'the sign-up step says WebAuthn is not supported (%s), and offers no button',
    async (where) => {
      browserCannotMakePasskeys(where);
      const { sent } = renderSignupStep({}, { demoMode: false });

      const notice = await screen.findByRole('alert');
      expect(notice.textContent).toContain('WebAuthn (passkeys) is not supported in this browser');
      expect(screen.queryByRole('button', { name: 'Create Passkey' })).toBeNull();
      expect(screen.queryByRole('note')).toBeNull();
      expect(passkeyPosts(sent)).toEqual([]);
    },
  );

  it('the passkey screen says so too, with sign-in disabled, even with a simulated passkey kept', async () => {
    browserCannotMakePasskeys('a cross-origin frame');
    localStorage.setItem('simulated_passkey', JSON.stringify(kept));
    openApp('/webauthn-login', {}, { demoMode: false });

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('WebAuthn (passkeys) is not supported in this browser');
    expect(
      screen.getByRole('button', { name: 'Sign in with Passkey' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('a server whose mode cannot be read counts as no demo', async () => {
    browserCannotMakePasskeys('no WebAuthn');
    renderSignupStep({ 'GET /api/config': new Response('', { status: 500 }) });

    expect((await screen.findByRole('alert')).textContent).toContain(
      'WebAuthn (passkeys) is not supported in this browser',
    );
    expect(screen.queryByRole('button', { name: 'Create Passkey' })).toBeNull();
  });

  it('until the server says its mode, the button waits, with no notice either way', async () => {
    browserCannotMakePasskeys('no WebAuthn');
    const config = deferred<Response>();
    renderSignupStep({ 'GET /api/config': () => config.promise });

    const button = await screen.findByRole('button', { name: 'Create Passkey' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    config.resolve(
      json({ productName: 'F-1 Student Portal', demoMode: true, simulatedPasskeys: true }),
    );

    expect((await screen.findByRole('note')).textContent).toContain(NOTICE);
    await enabledButton('Create Passkey');
  });
});
