import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUserProfile } from '../../../../shared/auth.js';
import { REDIRECT_AFTER_PASSKEY_MS } from '../../../../shared/passkeys.js';
import { dashboardAnswers } from '../../../test/data-generators.js';
import { deferred, installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import {
  amara,
  notAllowed,
  registrationCredential,
  registrationOptions,
  STUDENT_ID,
} from '../test/passkey-fixtures.js';

// The browser's WebAuthn API, which jsdom does not have; the HTTP side is faked at fetch.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
const supports = vi.mocked(browserSupportsWebAuthn);
const browserCreate = vi.mocked(startRegistration);

const signedIn: TUserProfile = { ...amara, sessionScope: 'student' };

beforeEach(() => {
  supports.mockReset().mockReturnValue(true);
  browserCreate.mockReset().mockResolvedValue(registrationCredential);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Amara back from identity verification: her student id and onboarding session are stored. */
function renderPasskeyStep(
  api: Record<string, Answer> = {},
  { profile = amara }: { profile?: TUserProfile } = {},
) {
  sessionStorage.setItem('student_id', STUDENT_ID);
  sessionStorage.setItem('jwt_token', 'onboarding-token');
  const { sent } = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    'GET /api/user/profile': json(profile),
    'POST /api/webauthn/register/begin': json(registrationOptions),
    'POST /api/webauthn/register/complete': json({
      success: true,
      token: 'full-token',
      user: signedIn,
    }),
    // Where step 3 leads.
    ...dashboardAnswers(),
    ...api,
  });
  const router = renderApp('/signup?step=passkey');
  return { router, sent };
}

const passkeyPosts = (sent: { url: string }[]) =>
  sent.map((r) => r.url).filter((url) => url.startsWith('/api/webauthn/'));

/** The button, once the session has loaded and it is ready. */
async function createButton() {
  const button = await screen.findByRole('button', { name: 'Create Passkey' });
  await waitFor(() => {
    expect(button.hasAttribute('disabled')).toBe(false);
  });
  return button;
}

describe('the passkey step of sign-up', () => {
  it('is step 2 of 3 at 66%, says what a passkey is, and offers Create Passkey', async () => {
    renderPasskeyStep();

    const progress = await screen.findByRole('progressbar', { name: 'Step 2 of 3' });
    expect(progress.getAttribute('aria-valuenow')).toBe('66');
    expect(screen.getByRole('heading', { name: 'Create your passkey' })).toBeTruthy();
    expect(
      screen.getByText(
        "A passkey is how you will sign in to the portal: your phone's fingerprint, face or screen lock instead of a password. There is nothing to remember.",
      ),
    ).toBeTruthy();
    expect(await createButton()).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('creates the passkey with the student id, user id and e-mail, signs in, shows step 3, and opens the dashboard after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const answer = deferred<Response>();
    const { router, sent } = renderPasskeyStep({
      'POST /api/webauthn/register/complete': () => answer.promise,
    });

    await user.click(await createButton());

    const busy = await screen.findByRole('button', { name: /Waiting for your device/ });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    const begin = sent.find((r) => r.url === '/api/webauthn/register/begin');
    expect(JSON.parse(begin?.body ?? '')).toEqual({
      username: STUDENT_ID,
      userId: amara.id,
      displayName: amara.email,
    });
    expect(begin?.headers.get('Authorization')).toBe('Bearer onboarding-token');
    expect(browserCreate).toHaveBeenCalledWith({ optionsJSON: registrationOptions });
    const complete = sent.find((r) => r.url === '/api/webauthn/register/complete');
    expect(JSON.parse(complete?.body ?? '')).toEqual({
      credential: registrationCredential,
      username: amara.email,
      userId: amara.id,
    });

    answer.resolve(json({ success: true, token: 'full-token', user: signedIn }));

    const progress = await screen.findByRole('progressbar', { name: 'Step 3 of 3' });
    expect(progress.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('status').textContent).toBe('Passkey created successfully.');
    await waitFor(() => {
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'Your account is ready' }),
      );
    });
    expect(sessionStorage.getItem('jwt_token')).toBe('full-token');
    expect(JSON.parse(sessionStorage.getItem('user_profile') ?? 'null')).toEqual(signedIn);
    expect(router.location.pathname).toBe('/signup');

    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_PASSKEY_MS - 500));
    expect(router.location.pathname).toBe('/signup');

    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => {
      expect(router.location.pathname).toBe('/dashboard');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Amara' })).toBeTruthy();
  });

  it('does nothing but warn when the session has no e-mail (spec section 5)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { sent } = renderPasskeyStep({}, { profile: { ...amara, email: null } });
    const user = userEvent.setup();

    await user.click(await createButton());

    expect(warn).toHaveBeenCalledTimes(1);
    expect(passkeyPosts(sent)).toEqual([]);
    expect(browserCreate).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Step 2 of 3' })).toBeTruthy();
  });

  it('does nothing but warn when the stored student id is gone (spec section 5)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { sent } = renderPasskeyStep();
    const button = await createButton();
    sessionStorage.removeItem('student_id');
    const user = userEvent.setup();

    await user.click(button);

    expect(warn).toHaveBeenCalledTimes(1);
    expect(passkeyPosts(sent)).toEqual([]);
    expect(browserCreate).not.toHaveBeenCalled();
    expect(screen.getByRole('progressbar', { name: 'Step 2 of 3' })).toBeTruthy();
  });

  it('does nothing but warn without a session (no user id)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    sessionStorage.setItem('student_id', STUDENT_ID);
    const { sent } = installFakeFetch({
      'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    });
    renderApp('/signup?step=passkey');
    const user = userEvent.setup();

    await user.click(await createButton());

    expect(warn).toHaveBeenCalledTimes(1);
    expect(passkeyPosts(sent)).toEqual([]);
  });

  it.each([
    [
      'the challenge is refused',
      { 'POST /api/webauthn/register/begin': json({ message: 'Unauthorized' }, 401) },
      null,
      'Failed to get registration challenge',
    ],
    ['the prompt is cancelled', {}, notAllowed, 'Registration was cancelled or failed'],
    [
      'the server refuses the passkey with a message',
      {
        'POST /api/webauthn/register/complete': json(
          { message: 'The passkey could not be verified. Please try again.' },
          400,
        ),
      },
      null,
      'The passkey could not be verified. Please try again.',
    ],
    [
      'the server fails without a message',
      { 'POST /api/webauthn/register/complete': new Response('', { status: 500 }) },
      null,
      'Passkey registration failed. Please try again.',
    ],
  ] satisfies [string, Record<string, Answer>, (() => DOMException) | null, string][])(
    'shows the message when %s, and stays on step 2 to try again',
    async (_case, api, browserError, message) => {
      if (browserError) browserCreate.mockRejectedValue(browserError());
      renderPasskeyStep(api);
      const user = userEvent.setup();

      await user.click(await createButton());

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(message);
      await waitFor(() => {
        expect(document.activeElement).toBe(alert);
      });
      expect(screen.getByRole('progressbar', { name: 'Step 2 of 3' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Create Passkey' }).hasAttribute('disabled')).toBe(
        false,
      );
      expect(sessionStorage.getItem('jwt_token')).toBe('onboarding-token');
    },
  );

  it('says WebAuthn is not supported, with the browsers to use, in a browser without it', async () => {
    supports.mockReturnValue(false);
    const { sent } = renderPasskeyStep();

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('WebAuthn (passkeys) is not supported in this browser');
    expect(notice.textContent).toContain('Chrome, Safari or Edge');
    expect(screen.queryByRole('button', { name: 'Create Passkey' })).toBeNull();
    expect(passkeyPosts(sent)).toEqual([]);
  });
});
