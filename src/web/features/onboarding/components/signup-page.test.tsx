import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SIGNUP_MESSAGES, signupNoMatchMessage } from '../../../../shared/onboarding.js';
import { SUPPORT_EMAIL } from '../../../config/branding.js';
import { onboardingStudent } from '../../../test/data-generators.js';
import {
  deferred,
  installFakeFetch,
  json,
  type Answer,
  type SentRequest,
} from '../../../test/fake-fetch.js';
import { renderApp } from '../../../test/render-app.js';

// The browser's WebAuthn API: present, so the passkey step offers its button (it is not pressed here).
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));

const STUDENT_ID = '0b7c6f0e-4a39-4a8e-9d59-2f1f7a6c1a11';

const amara = onboardingStudent();

const match = (faceVerified: boolean) =>
  json({
    student_id: STUDENT_ID,
    first_name: 'Amara',
    last_name: 'Okafor',
    userProfile: { id: STUDENT_ID, email: amara.email, faceVerified },
  });

function renderSignup(path = '/signup', api: Record<string, Answer> = {}) {
  const { sent } = installFakeFetch({
    'GET /api/config': json({ productName: 'F-1 Student Portal', demoMode: false }),
    ...api,
  });
  const router = renderApp(path);
  return { router, sent, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillDetails(
  user: User,
  { invite = 'DEMO-2026', passport = 'X1234567', birth = '2000-01-15' } = {},
) {
  if (invite) await user.type(await screen.findByLabelText('Invite code'), invite);
  if (passport) await user.type(screen.getByLabelText('Passport number'), passport);
  if (birth) await user.type(screen.getByLabelText('Date of birth'), birth);
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const lookups = (sent: SentRequest[]) => sent.filter((r) => r.url === '/api/get-student-id');

describe('the sign-up frame', () => {
  it('starts at step 1 of 3 at 33%, titled with the product name, with Go Back to /', async () => {
    const { router, user } = renderSignup();

    const progress = await screen.findByRole('progressbar', { name: 'Step 1 of 3' });
    expect(progress.getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(document.title).toBe('F-1 Student Portal');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Go Back' }));

    expect(await screen.findByRole('button', { name: 'Continue with Invite Code' })).toBeTruthy();
    expect(router.location.pathname).toBe('/');
  });

  it('resumes at the passkey step with a stored student id, and drops the query', async () => {
    sessionStorage.setItem('student_id', STUDENT_ID);
    const { router } = renderSignup('/signup?step=passkey');

    const progress = await screen.findByRole('progressbar', { name: 'Step 2 of 3' });
    expect(progress.getAttribute('aria-valuenow')).toBe('66');
    expect(screen.getByRole('heading', { name: 'Create your passkey' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Passkey' })).toBeTruthy();
    // Go Back belongs to the details step only.
    expect(screen.queryByRole('button', { name: 'Go Back' })).toBeNull();
    await waitFor(() => {
      expect(router.location.search).toBe('');
    });
    expect(router.location.pathname).toBe('/signup');
    // Replaced, not pushed: going back does not return to ?step=passkey.
    expect(router.navigationType).toBe('REPLACE');
  });

  it('starts at the details step when ?step=passkey comes without a stored student id', async () => {
    const { router } = renderSignup('/signup?step=passkey');

    expect(await screen.findByRole('progressbar', { name: 'Step 1 of 3' })).toBeTruthy();
    expect(screen.getByLabelText('Invite code')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy();
    await waitFor(() => {
      expect(router.location.search).toBe('');
    });
  });
});

describe('the details step', () => {
  it('shows the three validation messages under their fields and sends nothing', async () => {
    const { sent, user } = renderSignup();
    await user.type(await screen.findByLabelText('Passport number'), 'X12');

    await user.click(continueButton());

    const invite = screen.getByLabelText('Invite code');
    const passport = screen.getByLabelText('Passport number');
    const birth = screen.getByLabelText('Date of birth');
    for (const [field, message] of [
      [invite, 'Invite code is required'],
      [passport, 'Passport number must be at least 6 characters'],
      [birth, 'Date of birth is required'],
    ] as const) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const described = (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(message);
    }
    expect(birth.getAttribute('type')).toBe('date');
    expect(birth.getAttribute('max')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(document.activeElement).toBe(invite);
    expect(lookups(sent)).toHaveLength(0);
  });

  it('sends the lookup with the birth date at UTC midnight and cookies, busy while it runs', async () => {
    const answer = deferred<Response>();
    const { sent, user } = renderSignup('/signup', {
      'POST /api/get-student-id': () => answer.promise,
    });
    await fillDetails(user, { passport: ' X1234567 ' });

    await user.click(continueButton());

    const busy = await screen.findByRole('button', { name: /Checking/ });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(lookups(sent)).toHaveLength(1);
    expect(JSON.parse(lookups(sent)[0]?.body ?? '')).toEqual({
      date_of_birth: '2000-01-15T00:00:00.000Z',
      passport_number: 'X1234567',
      invite_code: 'DEMO-2026',
    });
    expect(lookups(sent)[0]?.credentials).toBe('include');

    answer.resolve(json({ student_id: null, error: 'no_match' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(continueButton().hasAttribute('disabled')).toBe(false);
  });

  it.each([
    [
      'a non-OK answer',
      json({ message: 'Internal server error' }, 500),
      SIGNUP_MESSAGES.lookupFailed,
    ],
    ['a miss', json({ student_id: null, error: 'no_match' }), signupNoMatchMessage(SUPPORT_EMAIL)],
    [
      'an answer without a student id',
      json({ first_name: 'Amara', last_name: 'Okafor' }),
      signupNoMatchMessage(SUPPORT_EMAIL),
    ],
    [
      'a match without a profile',
      json({ student_id: STUDENT_ID, first_name: 'Amara', last_name: 'Okafor' }),
      SIGNUP_MESSAGES.noProfile,
    ],
    [
      'too many attempts (the server says how long to wait)',
      json(
        { message: 'Too many attempts from this network. Please wait a minute and try again.' },
        429,
      ),
      'Too many attempts from this network. Please wait a minute and try again.',
    ],
  ])('shows the right message for %s', async (_name, response, message) => {
    const { router, sent, user } = renderSignup('/signup', {
      'POST /api/get-student-id': response,
    });
    await fillDetails(user);

    await user.click(continueButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(alert.textContent).not.toContain('X1234567');
    expect(sent.map((r) => r.url)).not.toContain('/api/auth/verify-user');
    expect(sessionStorage.getItem('student_id')).toBeNull();
    expect(sessionStorage.getItem('jwt_token')).toBeNull();
    expect(router.location.pathname).toBe('/signup');
  });

  it('shows the generic message when the request itself fails', async () => {
    const { user } = renderSignup('/signup', {
      'POST /api/get-student-id': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await fillDetails(user);

    await user.click(continueButton());

    expect((await screen.findByRole('alert')).textContent).toBe(SIGNUP_MESSAGES.generic);
  });

  it('shows the generic message when verify-user refuses the match', async () => {
    const { user } = renderSignup('/signup', {
      'POST /api/get-student-id': match(false),
      'POST /api/auth/verify-user': json({ message: 'Your sign-up step has expired.' }, 401),
    });
    await fillDetails(user);

    await user.click(continueButton());

    expect((await screen.findByRole('alert')).textContent).toBe(SIGNUP_MESSAGES.generic);
    expect(sessionStorage.getItem('jwt_token')).toBeNull();
  });

  it('clears an earlier failure when the student tries again', async () => {
    const answers = [json({ student_id: null, error: 'no_match' }), match(true)];
    const { user } = renderSignup('/signup', {
      'POST /api/get-student-id': () => answers.shift() ?? json({}, 500),
      'POST /api/auth/verify-user': json({
        token: 'onboarding-token',
        user: { ...amara, faceVerified: true },
      }),
    });
    await fillDetails(user);
    await user.click(continueButton());
    expect(await screen.findByRole('alert')).toBeTruthy();

    await user.click(continueButton());

    expect(await screen.findByRole('heading', { name: 'Create your passkey' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on a match stores the student, signs in through verify-user, and sends an unverified student to /face-verification', async () => {
    const { router, sent, user } = renderSignup('/signup', {
      'POST /api/get-student-id': match(false),
      'POST /api/auth/verify-user': json({ token: 'onboarding-token', user: amara }),
    });
    await fillDetails(user);

    await user.click(continueButton());

    await waitFor(() => {
      expect(router.location.pathname).toBe('/face-verification');
    });
    expect(sessionStorage.getItem('student_id')).toBe(STUDENT_ID);
    expect(sessionStorage.getItem('first_name')).toBe('Amara');
    expect(sessionStorage.getItem('last_name')).toBe('Okafor');
    expect(sessionStorage.getItem('jwt_token')).toBe('onboarding-token');
    expect(JSON.parse(sessionStorage.getItem('user_profile') ?? 'null')).toEqual(amara);
    const verify = sent.find((r) => r.url === '/api/auth/verify-user');
    expect(verify?.method).toBe('POST');
    expect(JSON.parse(verify?.body ?? '')).toEqual({ studentId: STUDENT_ID });
    expect(verify?.credentials).toBe('include');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Identity Verification' }),
    ).toBeTruthy();
  });

  it('on a match of a verified student goes on to the passkey step at 66%, without Go Back', async () => {
    const { router, user } = renderSignup('/signup', {
      'POST /api/get-student-id': match(true),
      'POST /api/auth/verify-user': json({
        token: 'onboarding-token',
        user: { ...amara, faceVerified: true, verificationResult: 'approved' },
      }),
    });
    await fillDetails(user);

    await user.click(continueButton());

    const heading = await screen.findByRole('heading', { name: 'Create your passkey' });
    expect(document.activeElement).toBe(heading);
    const progress = screen.getByRole('progressbar', { name: 'Step 2 of 3' });
    expect(progress.getAttribute('aria-valuenow')).toBe('66');
    expect(screen.queryByRole('button', { name: 'Go Back' })).toBeNull();
    expect(router.location.pathname).toBe('/signup');
    expect(sessionStorage.getItem('student_id')).toBe(STUDENT_ID);
    expect(sessionStorage.getItem('jwt_token')).toBe('onboarding-token');
  });
});
