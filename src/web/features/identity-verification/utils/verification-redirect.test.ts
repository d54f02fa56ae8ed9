import { describe, expect, it } from 'vitest';
import type { TUserProfile } from '../../../../shared/auth.js';
import { onboardingStudent } from '../../../test/data-generators.js';
import { afterVerificationHref, verificationPageRedirect } from './verification-redirect.js';

const user = (sessionScope: TUserProfile['sessionScope'], faceVerified: boolean) =>
  onboardingStudent({
    sessionScope,
    faceVerified,
    verificationResult: faceVerified ? 'approved' : 'pending',
  });

const none = { demoMode: false, user: null, hasStoredProfile: false, hasStudentId: false };

describe('verificationPageRedirect (spec section 2, in order)', () => {
  it('1. demo mode sends a verified full session to the dashboard, never an unverified one', () => {
    expect(verificationPageRedirect({ ...none, demoMode: true, user: user('student', true) })).toBe(
      '/dashboard',
    );
    expect(
      verificationPageRedirect({ ...none, demoMode: true, user: user('student', false) }),
    ).toBeNull();
    expect(
      verificationPageRedirect({ ...none, demoMode: true, user: user('onboarding', false) }),
    ).toBeNull();
  });

  it('2. without a session, a stored profile or a student id: sign-up', () => {
    expect(verificationPageRedirect(none)).toBe('/signup');
    expect(verificationPageRedirect({ ...none, demoMode: undefined })).toBe('/signup');
    expect(verificationPageRedirect({ ...none, hasStudentId: true })).toBeNull();
    expect(verificationPageRedirect({ ...none, hasStoredProfile: true })).toBeNull();
  });

  it('3. verified: the dashboard for a full session, the passkey step for an onboarding one', () => {
    expect(verificationPageRedirect({ ...none, user: user('student', true) })).toBe('/dashboard');
    expect(verificationPageRedirect({ ...none, user: user('onboarding', true) })).toBe(
      '/signup?step=passkey',
    );
    expect(
      verificationPageRedirect({ ...none, demoMode: true, user: user('onboarding', true) }),
    ).toBe('/signup?step=passkey');
    // A recovery's own check approved it: the recovery's passkey step, never sign-up's.
    expect(verificationPageRedirect({ ...none, user: user('recovery', true) })).toBe(
      '/recover?step=passkey',
    );
  });

  it('stays for a signed-in student who is not verified', () => {
    expect(verificationPageRedirect({ ...none, user: user('student', false) })).toBeNull();
    expect(
      verificationPageRedirect({ ...none, user: user('onboarding', false), hasStudentId: true }),
    ).toBeNull();
  });
});

describe('afterVerificationHref', () => {
  it('is the passkey step with a stored student id, else the dashboard', () => {
    expect(afterVerificationHref('onboarding', true)).toBe('/signup?step=passkey');
    expect(afterVerificationHref('onboarding', false)).toBe('/dashboard');
  });

  it("is the recovery's passkey step for a recovery session, whatever the tab stored", () => {
    expect(afterVerificationHref('recovery', true)).toBe('/recover?step=passkey');
    expect(afterVerificationHref('recovery', false)).toBe('/recover?step=passkey');
  });
});
