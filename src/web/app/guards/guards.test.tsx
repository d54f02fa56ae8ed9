import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TUserProfile } from '../../../shared/auth.js';
import { seededProfile } from '../../features/profile/test/profile-fixtures.js';
import {
  dashboardAnswers,
  onboardingStudent,
  signedInStudent,
} from '../../test/data-generators.js';
import { installFakeFetch, json, type Answer } from '../../test/fake-fetch.js';
import { renderApp } from '../../test/render-app.js';

const onboarding = (faceVerified: boolean) =>
  onboardingStudent({ faceVerified, verificationResult: faceVerified ? 'approved' : 'pending' });

/**
 * Opens `path` with a stored session whose profile the server answers (or none), and the reads
 * of the page a guard lets the student into.
 */
function visit(
  path: string,
  profile: TUserProfile | null,
  pageAnswers: Record<string, Answer> = {},
) {
  if (profile) sessionStorage.setItem('jwt_token', 'stored-token');
  installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    ...(profile ? { 'GET /api/user/profile': json(profile) } : {}),
    ...pageAnswers,
  });
  return renderApp(path);
}

const arrivesAt = async (router: ReturnType<typeof visit>, pathname: string) => {
  await waitFor(() => {
    expect(router.location.pathname).toBe(pathname);
  });
};

describe('ProtectedRoute (the pages of the portal)', () => {
  it('sends a signed-out visitor to /login', async () => {
    const router = visit('/dashboard', null);

    await arrivesAt(router, '/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Passkey' })).toBeTruthy();
  });

  it('lets a full, verified session in', async () => {
    const router = visit('/profile', signedInStudent(), {
      'GET /api/profile': json(seededProfile),
      'GET /api/passkeys': json({ passkeys: [] }),
      'GET /api/notifications/preferences': json({ preferences: [] }),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(router.location.pathname).toBe('/profile');
  });

  it('sends a full session whose identity is not verified to /face-verification', async () => {
    const router = visit('/messages', signedInStudent({ faceVerified: false }));

    await arrivesAt(router, '/face-verification');
  });

  it('does not count an onboarding session as signed in: before the identity check it goes to /face-verification', async () => {
    sessionStorage.setItem('student_id', 'stu_2');
    const router = visit('/dashboard', onboarding(false));

    await arrivesAt(router, '/face-verification');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Identity Verification' }),
    ).toBeTruthy();
  });

  it('sends an onboarding session past the identity check to the passkey step of sign-up', async () => {
    sessionStorage.setItem('student_id', 'stu_2');
    const router = visit('/applications', onboarding(true));

    expect(await screen.findByRole('heading', { name: 'Create your passkey' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Step 2 of 3' })).toBeTruthy();
    await arrivesAt(router, '/signup');
  });
});

describe('SignedOutRoute (the passkey screens)', () => {
  it('sends a full, verified session to /dashboard', async () => {
    const router = visit('/webauthn', signedInStudent(), dashboardAnswers());

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeTruthy();
    expect(router.location.pathname).toBe('/dashboard');
  });

  it('sends a full session whose identity is not verified to /face-verification', async () => {
    const router = visit('/webauthn-login', signedInStudent({ faceVerified: false }));

    await arrivesAt(router, '/face-verification');
  });

  it.each([true, false])(
    'lets an onboarding session (identity checked: %s) stay, to create its passkey there',
    async (faceVerified) => {
      const router = visit('/webauthn', onboarding(faceVerified));

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Sign In with a Passkey' }),
      ).toBeTruthy();
      expect(router.location.pathname).toBe('/webauthn');
    },
  );

  it('shows the screen to a signed-out visitor', async () => {
    const router = visit('/login', null);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign In with a Passkey' }),
    ).toBeTruthy();
    expect(router.location.pathname).toBe('/login');
  });
});
