import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswers, signedInStudent } from '../../../test/data-generators.js';
import { deferred, installFakeFetch, json, type Answer } from '../../../test/fake-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import {
  amara,
  authenticationCredential,
  authenticationOptions,
  notAllowed,
  registrationCredential,
  registrationOptions,
} from '../test/passkey-fixtures.js';

// The browser's WebAuthn API, which jsdom does not have; the HTTP side is faked at fetch.
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: vi.fn(),
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
const supports = vi.mocked(browserSupportsWebAuthn);
const browserCreate = vi.mocked(startRegistration);
const browserGet = vi.mocked(startAuthentication);

beforeEach(() => {
  supports.mockReset().mockReturnValue(true);
  browserCreate.mockReset().mockResolvedValue(registrationCredential);
  browserGet.mockReset().mockResolvedValue(authenticationCredential);
});

function renderScreen(path = '/webauthn-login', api: Record<string, Answer> = {}) {
  const { sent } = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    'POST /api/webauthn/authenticate/begin': json(authenticationOptions),
    'POST /api/webauthn/authenticate/complete': json({
      success: true,
      token: 'passkey-token',
      user: signedInStudent(),
    }),
    'POST /api/webauthn/register/begin': json(registrationOptions),
    // Where a signed-in student lands.
    ...dashboardAnswers(),
    ...api,
  });
  const router = renderApp(path);
  return { router, sent, user: userEvent.setup() };
}

type Rendered = ReturnType<typeof renderScreen>;
const pathname = ({ router }: Rendered) => router.location.pathname;
const signInButton = () => screen.getByRole('button', { name: 'Sign in with Passkey' });
const posts = ({ sent }: Rendered) => sent.filter((r) => r.method === 'POST').map((r) => r.url);

async function openRegisterMode(rendered: Rendered) {
  await rendered.user.click(await screen.findByRole('button', { name: 'Create a new passkey' }));
  return screen.findByRole('heading', { level: 1, name: 'Create a Passkey' });
}

describe('the passkey screen, sign-in mode', () => {
  it.each(['/webauthn-login', '/webauthn', '/login'])(
    'is what %s shows by default, titled and with Go Back',
    async (path) => {
      renderScreen(path);

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Sign In with a Passkey' }),
      ).toBeTruthy();
      expect(signInButton().hasAttribute('disabled')).toBe(false);
      expect(screen.getByText(/No password, nothing to remember/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
      expect(screen.queryByLabelText('Username')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      // The title is set in an effect, which may run just after the heading is on screen.
      await waitFor(() => {
        expect(document.title).toBe('Sign In with a Passkey | F-1 Student Portal');
      });
    },
  );

  it('Go Back returns to the welcome screen', async () => {
    const rendered = renderScreen();

    await rendered.user.click(await screen.findByRole('button', { name: 'Go Back' }));

    expect(await screen.findByRole('button', { name: 'Continue with Invite Code' })).toBeTruthy();
    expect(pathname(rendered)).toBe('/');
  });

  it('signs in, busy while it runs, and opens the dashboard', async () => {
    const answer = deferred<Response>();
    const rendered = renderScreen('/webauthn-login', {
      'POST /api/webauthn/authenticate/complete': () => answer.promise,
    });

    await rendered.user.click(await screen.findByRole('button', { name: 'Sign in with Passkey' }));

    await waitFor(() => {
      expect(signInButton().getAttribute('aria-busy')).toBe('true');
    });
    expect(signInButton().hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByRole('button', { name: 'Create a new passkey' }).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Go Back' }).hasAttribute('disabled')).toBe(true);

    answer.resolve(json({ success: true, token: 'passkey-token', user: signedInStudent() }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeTruthy();
    expect(pathname(rendered)).toBe('/dashboard');
    expect(sessionStorage.getItem('jwt_token')).toBe('passkey-token');
    expect(JSON.parse(sessionStorage.getItem('user_profile') ?? 'null')).toEqual(signedInStudent());
    expect(posts(rendered).filter((url) => url.startsWith('/api/webauthn/'))).toEqual([
      '/api/webauthn/authenticate/begin',
      '/api/webauthn/authenticate/complete',
    ]);
  });

  it('sends a student whose identity is not verified yet to /face-verification', async () => {
    const rendered = renderScreen('/webauthn-login', {
      'POST /api/webauthn/authenticate/complete': json({
        success: true,
        token: 'passkey-token',
        user: signedInStudent({ faceVerified: false, verificationResult: 'pending' }),
      }),
    });

    await rendered.user.click(await screen.findByRole('button', { name: 'Sign in with Passkey' }));

    await waitFor(() => {
      expect(pathname(rendered)).toBe('/face-verification');
    });
  });

  const signInFailures: {
    name: string;
    api: Record<string, Answer>;
    browserError?: DOMException;
    message: string;
  }[] = [
    {
      name: 'the prompt is cancelled',
      api: {},
      browserError: notAllowed(),
      message: 'No credential returned or authentication was cancelled',
    },
    {
      name: 'the server refuses the passkey',
      api: {
        'POST /api/webauthn/authenticate/complete': json(
          { message: 'Authentication failed. Please try again.' },
          401,
        ),
      },
      message: 'Authentication failed. Please try again.',
    },
    {
      name: 'the network is down',
      api: {
        'POST /api/webauthn/authenticate/begin': () =>
          Promise.reject(new TypeError('Failed to fetch')),
      },
      message: 'Network error during authentication',
    },
  ];

  it.each(signInFailures)(
    'shows the message in an alert when $name, and stays signed out',
    async ({ api, browserError, message }) => {
      if (browserError) browserGet.mockRejectedValue(browserError);
      const rendered = renderScreen('/webauthn-login', api);

      await rendered.user.click(
        await screen.findByRole('button', { name: 'Sign in with Passkey' }),
      );

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(message);
      await waitFor(() => {
        expect(document.activeElement).toBe(alert);
      });
      expect(signInButton().hasAttribute('disabled')).toBe(false);
      expect(signInButton().getAttribute('aria-busy')).toBe('false');
      expect(sessionStorage.getItem('jwt_token')).toBeNull();
      expect(pathname(rendered)).toBe('/webauthn-login');
    },
  );

  it('clears the message when the student tries again and it works', async () => {
    browserGet.mockRejectedValueOnce(notAllowed());
    const rendered = renderScreen();
    await rendered.user.click(await screen.findByRole('button', { name: 'Sign in with Passkey' }));
    expect(await screen.findByRole('alert')).toBeTruthy();

    await rendered.user.click(signInButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeTruthy();
  });

  it('says WebAuthn is not supported in a browser without it, and offers no sign-in', async () => {
    supports.mockReturnValue(false);
    const rendered = renderScreen();

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('WebAuthn (passkeys) is not supported in this browser');
    expect(notice.textContent).toMatch(/Chrome, Safari or Edge/);
    expect(signInButton().hasAttribute('disabled')).toBe(true);
    expect(posts(rendered)).toEqual([]);
  });
});

describe('the passkey screen, register mode', () => {
  it('shows the username field and Create Secure Passkey; Back to Login returns to sign-in', async () => {
    const rendered = renderScreen();

    const heading = await openRegisterMode(rendered);

    await waitFor(() => {
      expect(document.activeElement).toBe(heading);
    });
    // The title is set in an effect, which may run just after the heading is on screen.
    await waitFor(() => {
      expect(document.title).toBe('Create a Passkey | F-1 Student Portal');
    });
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Secure Passkey' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with Passkey' })).toBeNull();

    await rendered.user.click(screen.getByRole('button', { name: 'Back to Login' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign In with a Passkey' }),
    ).toBeTruthy();
    expect(signInButton()).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(pathname(rendered)).toBe('/webauthn-login');
  });

  it("says 'Please enter a username' for an empty username and sends nothing", async () => {
    const rendered = renderScreen();
    await openRegisterMode(rendered);
    await rendered.user.type(screen.getByLabelText('Username'), '   ');

    await rendered.user.click(screen.getByRole('button', { name: 'Create Secure Passkey' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please enter a username');
    const field = screen.getByLabelText('Username');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(field);
    expect(posts(rendered)).toEqual([]);
    expect(browserCreate).not.toHaveBeenCalled();
  });

  it('without a session, the refused challenge leads the student to their invite code', async () => {
    const rendered = renderScreen('/webauthn', {
      'POST /api/webauthn/register/begin': json(
        { message: 'Unauthorized: please sign in again.' },
        401,
      ),
    });
    await openRegisterMode(rendered);
    await rendered.user.type(screen.getByLabelText('Username'), 'amara.okafor@example.com');

    await rendered.user.click(screen.getByRole('button', { name: 'Create Secure Passkey' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Failed to get registration challenge/);
    expect(alert.textContent).toMatch(/invite code/);
    const link = within(alert).getByRole('link', { name: /invite code/ });
    expect(link.getAttribute('href')).toBe('/signup');
    expect(browserCreate).not.toHaveBeenCalled();
    expect(rendered.sent.find((r) => r.url === '/api/webauthn/register/begin')?.body).toBe(
      JSON.stringify({ username: 'amara.okafor@example.com' }),
    );

    await rendered.user.click(link);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create Your Account' }),
    ).toBeTruthy();
  });

  it("says 'Registration was cancelled or failed' when the prompt is cancelled", async () => {
    sessionStorage.setItem('jwt_token', 'onboarding-token');
    browserCreate.mockRejectedValue(notAllowed());
    const rendered = renderScreen('/webauthn', { 'GET /api/user/profile': json(amara) });
    await openRegisterMode(rendered);

    await rendered.user.click(screen.getByRole('button', { name: 'Create Secure Passkey' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Registration was cancelled or failed',
    );
    expect(posts(rendered)).toEqual(['/api/webauthn/register/begin']);
  });

  it('an onboarding session creates its passkey here, busy meanwhile, and lands signed in on the dashboard', async () => {
    sessionStorage.setItem('jwt_token', 'onboarding-token');
    const answer = deferred<Response>();
    const rendered = renderScreen('/webauthn', {
      'GET /api/user/profile': json(amara),
      'POST /api/webauthn/register/complete': () => answer.promise,
    });
    await openRegisterMode(rendered);
    // The session's e-mail is offered as the username.
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe(amara.email);

    await rendered.user.click(screen.getByRole('button', { name: 'Create Secure Passkey' }));

    const create = screen.getByRole('button', { name: 'Create Secure Passkey' });
    await waitFor(() => {
      expect(create.getAttribute('aria-busy')).toBe('true');
    });
    expect(create.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Back to Login' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(browserCreate).toHaveBeenCalledWith({ optionsJSON: registrationOptions });
    const begin = rendered.sent.find((r) => r.url === '/api/webauthn/register/begin');
    expect(JSON.parse(begin?.body ?? '')).toEqual({ username: amara.email });
    expect(begin?.headers.get('Authorization')).toBe('Bearer onboarding-token');
    const complete = rendered.sent.find((r) => r.url === '/api/webauthn/register/complete');
    expect(JSON.parse(complete?.body ?? '')).toEqual({
      credential: registrationCredential,
      username: amara.email,
      userId: amara.id,
    });

    answer.resolve(
      json({
        success: true,
        token: 'full-token',
        user: { ...amara, sessionScope: 'student' },
      }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Amara' })).toBeTruthy();
    expect(pathname(rendered)).toBe('/dashboard');
    expect(sessionStorage.getItem('jwt_token')).toBe('full-token');
  });

  it("shows the server's message when the completion is refused", async () => {
    sessionStorage.setItem('jwt_token', 'onboarding-token');
    const rendered = renderScreen('/webauthn', {
      'GET /api/user/profile': json(amara),
      'POST /api/webauthn/register/complete': json(
        { message: 'This passkey is already registered.' },
        409,
      ),
    });
    await openRegisterMode(rendered);

    await rendered.user.click(screen.getByRole('button', { name: 'Create Secure Passkey' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This passkey is already registered.');
    expect(within(alert).queryByRole('link')).toBeNull();
    expect(sessionStorage.getItem('jwt_token')).toBe('onboarding-token');
  });

  it('an onboarding session without the identity check is sent to finish it', async () => {
    sessionStorage.setItem('jwt_token', 'onboarding-token');
    const rendered = renderScreen('/webauthn', {
      'GET /api/user/profile': json({
        ...amara,
        faceVerified: false,
        verificationResult: 'pending',
      }),
      'POST /api/webauthn/register/begin': json(
        { message: 'Please complete identity verification before creating a passkey.' },
        403,
      ),
    });
    await openRegisterMode(rendered);

    await rendered.user.click(screen.getByRole('button', { name: 'Create Secure Passkey' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Failed to get registration challenge/);
    expect(
      within(alert)
        .getByRole('link', { name: /verifying your identity/ })
        .getAttribute('href'),
    ).toBe('/face-verification');
  });
});
