import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInStudent } from '../test/data-generators.js';
import { deferred, installFakeFetch, json } from '../test/fake-fetch.js';
import { AuthProvider, useAuth } from './auth.js';
import { queryClient } from './query-client.js';

/** Shows the session the way a page would, with the actions a page has. */
function SessionProbe() {
  const auth = useAuth();
  return (
    <div>
      <p>
        {auth.isLoading
          ? 'Checking your session'
          : auth.isAuthenticated
            ? `Signed in as ${auth.user?.firstName ?? ''}`
            : 'Signed out'}
      </p>
      {auth.isAuthenticated ? (
        <p>{auth.faceVerified ? 'Identity verified' : 'Identity not verified'}</p>
      ) : null}
      <button
        type="button"
        onClick={() => {
          auth.login('new-token', signedInStudent({ firstName: 'Amara', faceVerified: false }));
        }}
      >
        Log In
      </button>
      <button type="button" onClick={auth.logout}>
        Log Out
      </button>
      <button type="button" onClick={() => void auth.demoLogin()}>
        Demo
      </button>
    </div>
  );
}

function renderSession() {
  render(
    <AuthProvider>
      <SessionProbe />
    </AuthProvider>,
  );
  return { user: userEvent.setup() };
}

describe('the session', () => {
  it('is loading until the profile answers, then signed in with the stored token', async () => {
    sessionStorage.setItem('jwt_token', 'stored-token');
    const answer = deferred<Response>();
    const { sent } = installFakeFetch({ 'GET /api/user/profile': () => answer.promise });

    renderSession();

    expect(screen.getByText('Checking your session')).toBeTruthy();
    answer.resolve(json(signedInStudent()));
    expect(await screen.findByText('Signed in as Priya')).toBeTruthy();
    expect(screen.getByText('Identity verified')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(JSON.parse(sessionStorage.getItem('user_profile') ?? 'null')).toEqual(signedInStudent());
  });

  it('is signed out at once without a stored token, and asks the server nothing', () => {
    const { fetchMock } = installFakeFetch({});

    renderSession();

    expect(screen.getByText('Signed out')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ends the session locally when the profile answers 401, keeping nothing in storage', async () => {
    sessionStorage.setItem('jwt_token', 'expired-token');
    sessionStorage.setItem('user_profile', JSON.stringify(signedInStudent()));
    installFakeFetch({
      'GET /api/user/profile': json({ message: 'Unauthorized: please sign in again.' }, 401),
    });

    renderSession();

    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it('ends the session locally when the profile answers 403', async () => {
    sessionStorage.setItem('jwt_token', 'token-of-a-disabled-student');
    installFakeFetch({ 'GET /api/user/profile': json({ message: 'Forbidden' }, 403) });

    renderSession();

    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(sessionStorage.getItem('jwt_token')).toBeNull();
  });

  it('keeps the stored profile when the server cannot be reached', async () => {
    sessionStorage.setItem('jwt_token', 'good-token');
    sessionStorage.setItem('user_profile', JSON.stringify(signedInStudent()));
    installFakeFetch({
      'GET /api/user/profile': () => Promise.reject(new TypeError('Failed to fetch')),
    });

    renderSession();

    expect(await screen.findByText('Signed in as Priya')).toBeTruthy();
    expect(sessionStorage.getItem('jwt_token')).toBe('good-token');
  });

  it('login stores the token and the user and signs in', async () => {
    const { fetchMock } = installFakeFetch({});
    const { user } = renderSession();

    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(screen.getByText('Signed in as Amara')).toBeTruthy();
    expect(screen.getByText('Identity not verified')).toBeTruthy();
    expect(sessionStorage.getItem('jwt_token')).toBe('new-token');
    expect(JSON.parse(sessionStorage.getItem('user_profile') ?? 'null')).toMatchObject({
      firstName: 'Amara',
      faceVerified: false,
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logout clears the token, the user, the other session keys and every cached answer', async () => {
    sessionStorage.setItem('jwt_token', 'stored-token');
    sessionStorage.setItem('student_id', 'STU-2026-001');
    sessionStorage.setItem('first_name', 'Priya');
    sessionStorage.setItem('last_name', 'Sharma');
    sessionStorage.setItem('veriff_session_id', 'veriff-session-1');
    sessionStorage.setItem('pwa-banner-dismissed', 'true');
    localStorage.setItem('auth_token', 'token-left-by-an-older-client');
    const { sent } = installFakeFetch({
      'GET /api/user/profile': json(signedInStudent()),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    const { user } = renderSession();
    await screen.findByText('Signed in as Priya');
    queryClient.setQueryData(['/api/applications'], [{ id: 1, university: 'Lakeside University' }]);

    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(screen.getByText('Signed out')).toBeTruthy();
    // The server is told to end the session, with the token being forgotten.
    const logout = sent.find((r) => r.method === 'POST' && r.url === '/api/auth/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer stored-token');
    for (const key of [
      'jwt_token',
      'user_profile',
      'student_id',
      'first_name',
      'last_name',
      'veriff_session_id',
    ]) {
      expect(sessionStorage.getItem(key), key).toBeNull();
    }
    expect(localStorage.getItem('auth_token')).toBeNull();
    // The install banner's dismissal lasts for the session, whoever is signed in.
    expect(sessionStorage.getItem('pwa-banner-dismissed')).toBe('true');
    // The app's query cache (loaded with the pages that read the server) empties too.
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('demo login signs in the demo student with a POST and no body', async () => {
    const { sent } = installFakeFetch({
      'POST /api/auth/demo-login': json({ token: 'demo-token', user: signedInStudent() }),
    });
    const { user } = renderSession();

    await user.click(screen.getByRole('button', { name: 'Demo' }));

    expect(await screen.findByText('Signed in as Priya')).toBeTruthy();
    expect(sessionStorage.getItem('jwt_token')).toBe('demo-token');
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/auth/demo-login']);
    expect(sent[0]?.body).toBeNull();
  });

  it('demo login failure is only logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeFetch({ 'POST /api/auth/demo-login': json({ message: 'Not found' }, 404) });
    const { user } = renderSession();

    await user.click(screen.getByRole('button', { name: 'Demo' }));

    await waitFor(() => {
      expect(logged).toHaveBeenCalledWith(
        'Demo login failed:',
        new Error('404: {"message":"Not found"}'),
      );
    });
    expect(screen.getByText('Signed out')).toBeTruthy();
    expect(sessionStorage.getItem('jwt_token')).toBeNull();
  });
});
