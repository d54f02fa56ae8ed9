import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../lib/query-client.js';
import { dashboardAnswers, signedInStudent } from '../test/data-generators.js';
import { deferred, installFakeFetch, json, type Answer } from '../test/fake-fetch.js';
import { renderApp, type TestRouter } from '../test/render-app.js';

/** The app at `path`, with the server answering `api` (and its config). */
function openApp(path: string, api: Record<string, Answer> = {}) {
  const { sent } = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    ...api,
  });
  const router = renderApp(path);
  return { router, sent, user: userEvent.setup() };
}

const pathname = (router: TestRouter) => router.location.pathname;

describe('the welcome screen', () => {
  it('offers the two ways in and the sign-in link', async () => {
    const { router, user } = openApp('/');

    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByText('Already have an account?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in here' }).getAttribute('href')).toBe(
      '/webauthn-login',
    );

    await user.click(screen.getByRole('button', { name: 'Continue with Invite Code' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create Your Account' }),
    ).toBeTruthy();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(pathname(router)).toBe('/signup');
  });

  it('Explore Universities goes to the waitlist', async () => {
    const { router, user } = openApp('/');

    await user.click(await screen.findByRole('button', { name: 'Explore Universities' }));

    await waitFor(() => {
      expect(pathname(router)).toBe('/waitlist');
    });
  });

  it('offers no demo unless the server runs in demo mode', async () => {
    const { sent } = openApp('/');

    await screen.findByRole('button', { name: 'Continue with Invite Code' });
    await waitFor(() => {
      expect(sent.map((r) => r.url)).toContain('/api/config');
    });
    expect(screen.queryByRole('button', { name: 'Try the demo' })).toBeNull();
  });

  it('Try the demo signs in the demo student and opens the dashboard', async () => {
    const { router, user } = openApp('/', {
      'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: true }),
      'POST /api/auth/demo-login': json({ token: 'demo-token', user: signedInStudent() }),
      ...dashboardAnswers(),
    });

    await user.click(await screen.findByRole('button', { name: 'Try the demo' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Priya' })).toBeTruthy();
    expect(pathname(router)).toBe('/dashboard');
    expect(sessionStorage.getItem('jwt_token')).toBe('demo-token');
  });
});

describe('pages that need a verified student', () => {
  it('send a signed-out visitor to /login', async () => {
    const { router } = openApp('/dashboard');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign In with a Passkey' }),
    ).toBeTruthy();
    expect(pathname(router)).toBe('/login');
  });

  it('show a loading status while the session is checked, then the page', async () => {
    sessionStorage.setItem('jwt_token', 'stored-token');
    const profile = deferred<Response>();
    const { router } = openApp('/applications', {
      'GET /api/user/profile': () => profile.promise,
      'GET /api/applications': json([]),
    });

    expect(await screen.findByRole('status')).toBeTruthy();
    profile.resolve(json(signedInStudent()));

    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeTruthy();
    expect(pathname(router)).toBe('/applications');
  });

  it('send a student whose identity is not verified to /face-verification', async () => {
    sessionStorage.setItem('jwt_token', 'stored-token');
    const { router } = openApp('/profile', {
      'GET /api/user/profile': json(
        signedInStudent({ faceVerified: false, verificationResult: 'pending' }),
      ),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Identity Verification' }),
    ).toBeTruthy();
    expect(pathname(router)).toBe('/face-verification');
  });

  it('send the student to /login when the server refuses the stored token', async () => {
    sessionStorage.setItem('jwt_token', 'tampered-token');
    sessionStorage.setItem('user_profile', JSON.stringify(signedInStudent()));
    const { router } = openApp('/messages', {
      'GET /api/user/profile': json({ message: 'Unauthorized: please sign in again.' }, 401),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign In with a Passkey' }),
    ).toBeTruthy();
    expect(pathname(router)).toBe('/login');
    // The session is gone; the server's demo-mode answer the sign-in page read is not the session's.
    expect(Object.keys(sessionStorage)).toEqual(['demo_mode']);
  });

  it('leave the interview page to show its own panel to a signed-out visitor', async () => {
    const { router } = openApp('/moi');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Access Restricted' }),
    ).toBeTruthy();
    expect(pathname(router)).toBe('/moi');
  });
});

describe('the passkey screens', () => {
  it('send a signed-in, verified student to the dashboard', async () => {
    sessionStorage.setItem('jwt_token', 'stored-token');
    const { router } = openApp('/webauthn-login', {
      'GET /api/user/profile': json(signedInStudent()),
      ...dashboardAnswers(),
    });

    expect(await screen.findByRole('heading', { name: 'Welcome, Priya' })).toBeTruthy();
    expect(pathname(router)).toBe('/dashboard');
  });

  it('send a signed-in student who is not verified to /face-verification', async () => {
    sessionStorage.setItem('jwt_token', 'stored-token');
    const { router } = openApp('/webauthn', {
      'GET /api/user/profile': json(signedInStudent({ faceVerified: false })),
    });

    await waitFor(() => {
      expect(pathname(router)).toBe('/face-verification');
    });
  });
});

describe('the dashboard', () => {
  it('greets the student, links to help, and Log Out ends the session on the welcome screen', async () => {
    sessionStorage.setItem('jwt_token', 'stored-token');
    sessionStorage.setItem('student_id', 'STU-2026-001');
    const { router, user } = openApp('/dashboard', {
      'GET /api/user/profile': json(signedInStudent()),
      ...dashboardAnswers(),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
    queryClient.setQueryData(['/api/applications'], [{ id: 1 }]);

    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('button', { name: 'Continue with Invite Code' })).toBeTruthy();
    expect(pathname(router)).toBe('/');
    expect(sessionStorage.getItem('jwt_token')).toBeNull();
    expect(sessionStorage.getItem('user_profile')).toBeNull();
    expect(sessionStorage.getItem('student_id')).toBeNull();
    expect(queryClient.getQueryData(['/api/applications'])).toBeUndefined();
  });
});

describe('an unknown address', () => {
  it('shows the 404 page with a link home', async () => {
    const { router, user } = openApp('/this/page/does-not-exist');

    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeTruthy();
    expect(screen.getByText('Page not found')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('button', { name: 'Continue with Invite Code' })).toBeTruthy();
    expect(pathname(router)).toBe('/');
  });
});

describe('the staff console', () => {
  it('loads for an address under /staff, apart from the student pages', async () => {
    const { router } = openApp('/staff/sign-in', {
      'GET /api/staff/session': json({ message: 'Sign in to the staff console.' }, 401),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Staff console' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Sign in' })).toBeTruthy();
    expect(pathname(router)).toBe('/staff/sign-in');
  });
});
