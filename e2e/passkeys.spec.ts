import { expect, test, type Page } from '@playwright/test';
import { type DemoPersona, signInWithDemo } from './support/demo-session.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';
import {
  addVirtualAuthenticator,
  authenticatorWith,
  removeVirtualAuthenticator,
  storedCredentials,
} from './support/virtual-authenticator.js';

/**
 * Passkeys from end to end, through Chromium's own WebAuthn stack with a DevTools virtual
 * authenticator standing in for the phone's fingerprint or face unlock. Nothing is faked: the
 * server verifies every attestation and assertion the browser makes.
 *
 * The journeys use demo-login students, who have a full session: each demo login is a copy of
 * its persona of its own, so each journey's passkey is the first its student has. A demo login
 * may add an account's first passkey, but a second one needs a passkey sign-in of the last few
 * minutes (decision 013). The onboarding demo student (Amara, invite DEMO-2026) is left
 * alone: her first passkey would use up the invite the other journeys need.
 */

/** Each journey's student: the demo persona and the first name the dashboard greets. */
const STUDENTS = {
  priya: { persona: 'moi-required', firstName: 'Priya' },
  minhAnh: { persona: 'all-done', firstName: 'Minh Anh' },
  farida: { persona: 'interview-due', firstName: 'Farida' },
} as const satisfies Record<string, { persona: DemoPersona; firstName: string }>;
type Student = (typeof STUDENTS)[keyof typeof STUDENTS];

/**
 * The demo student signs in ('Try the demo' for Priya, the demo login's API for the others), then
 * opens the passkey step of sign-up the way identity verification sends a student there: with the
 * student id stored for the tab.
 */
async function openPasskeyStepAsDemoStudent(page: Page, student: Student = STUDENTS.priya) {
  if (student === STUDENTS.priya) {
    await page.goto('/');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  } else {
    await signInWithDemo(page, student.persona);
  }
  await page.evaluate(() => {
    const profile = JSON.parse(sessionStorage.getItem('user_profile') ?? '{}') as { id?: string };
    if (!profile.id) throw new Error('The demo login stored no profile.');
    sessionStorage.setItem('student_id', profile.id);
  });
  await page.goto('/signup?step=passkey');
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
}

/** Step 2 -> step 3 -> the dashboard, through a real registration. */
async function createPasskey(page: Page, student: Student = STUDENTS.priya) {
  await page.getByRole('button', { name: 'Create Passkey' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Step 3 of 3' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(page.getByRole('status').filter({ hasText: 'Passkey created' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${student.firstName}` })).toBeVisible();
}

async function logOutAndOpenSignIn(page: Page) {
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem('jwt_token'))).toBeNull();
  await page.getByRole('link', { name: 'Sign in here' }).click();
  await expect(page).toHaveURL(/\/webauthn-login$/);
}

test.describe('[PASSKEYS] create a passkey, sign out, sign in with it', () => {
  test('registers at the passkey step, then signs in with it usernameless; the signature counter goes up', async ({
    page,
  }) => {
    const authenticator = await addVirtualAuthenticator(page);
    await openPasskeyStepAsDemoStudent(page);
    await expect(page.getByRole('progressbar', { name: 'Step 2 of 3' })).toHaveAttribute(
      'aria-valuenow',
      '66',
    );

    await createPasskey(page);

    const [created, ...others] = await storedCredentials(authenticator);
    expect(others).toEqual([]);
    expect(created?.isResidentCredential).toBe(true);
    expect(created?.rpId).toBe('localhost');

    await logOutAndOpenSignIn(page);
    await page.getByRole('button', { name: 'Sign in with Passkey' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Priya' })).toBeVisible();
    const [used] = await storedCredentials(authenticator);
    expect(used?.credentialId).toBe(created?.credentialId);
    expect(used?.signCount).toBeGreaterThan(created?.signCount ?? Infinity);
  });

  test('a sign-in is refused when the fingerprint or face check fails, and when the passkey was cloned', async ({
    page,
  }) => {
    const authenticator = await addVirtualAuthenticator(page);
    await openPasskeyStepAsDemoStudent(page, STUDENTS.minhAnh);
    await createPasskey(page, STUDENTS.minhAnh);
    const [registered] = await storedCredentials(authenticator);
    if (!registered) throw new Error('The registration stored no credential.');
    await logOutAndOpenSignIn(page);
    const completions: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/webauthn/authenticate/complete')) {
        completions.push(request.url());
      }
    });
    const signIn = page.getByRole('button', { name: 'Sign in with Passkey' });

    // User verification fails: Chromium's authenticator will not sign a discoverable-credential
    // request without it, and the browser reports that like a cancelled prompt.
    await authenticator.cdp.send('WebAuthn.setUserVerified', {
      authenticatorId: authenticator.authenticatorId,
      isUserVerified: false,
    });
    await signIn.click();
    await expect(page.getByRole('alert')).toHaveText(
      'No credential returned or authentication was cancelled',
    );
    expect(completions).toEqual([]);
    await expect(signIn).toBeEnabled();

    // Verified again, the same passkey works.
    await authenticator.cdp.send('WebAuthn.setUserVerified', {
      authenticatorId: authenticator.authenticatorId,
      isUserVerified: true,
    });
    await signIn.click();
    await expect(page.getByRole('heading', { name: 'Welcome, Minh Anh' })).toBeVisible();
    await logOutAndOpenSignIn(page);

    // A copy of the passkey as it was before that sign-in (a cloned key): its signature counter
    // does not move past what the server has seen, so the server refuses the assertion.
    await authenticator.cdp.send('WebAuthn.removeCredential', {
      authenticatorId: authenticator.authenticatorId,
      credentialId: registered.credentialId,
    });
    await authenticator.cdp.send('WebAuthn.addCredential', {
      authenticatorId: authenticator.authenticatorId,
      credential: registered,
    });
    const refused = page.waitForResponse((res) =>
      res.url().endsWith('/api/webauthn/authenticate/complete'),
    );
    await signIn.click();

    expect((await refused).status()).toBe(401);
    await expect(page.getByRole('alert')).toHaveText('Authentication failed. Please try again.');
    await expect(page).toHaveURL(/\/webauthn-login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('jwt_token'))).toBeNull();
    await expect(signIn).toBeEnabled();
  });

  test('a device without a passkey for the portal gets the no-credential message', async ({
    page,
  }) => {
    const authenticator = await addVirtualAuthenticator(page);
    await page.goto('/webauthn-login');

    await page.getByRole('button', { name: 'Sign in with Passkey' }).click();

    await expect(page.getByRole('alert')).toHaveText(
      'No credential returned or authentication was cancelled',
    );
    expect(await storedCredentials(authenticator)).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('jwt_token'))).toBeNull();
  });
});

test.describe("[PASSKEYS] the student's passkeys on the profile", () => {
  test('signs in with a passkey, adds one on a new device, then removes the lost one after confirming with a passkey', async ({
    page,
    context,
  }) => {
    // Two passkey prompts a change, two tabs and three sign-ins: longer than most journeys.
    test.slow();
    // On her phone (this tab) a demo login makes her first passkey. The tab stays open: its
    // session never proved with a passkey who she is, which the end of the journey needs.
    const phone = await addVirtualAuthenticator(page);
    await openPasskeyStepAsDemoStudent(page, STUDENTS.farida);
    await createPasskey(page, STUDENTS.farida);
    const [phoneKey] = await storedCredentials(phone);
    if (!phoneKey) throw new Error('The phone holds the passkey it made.');

    // In another tab (the same passkey, synced) she signs in with it.
    const tab = await context.newPage();
    const synced = await authenticatorWith(tab, phoneKey);
    await tab.goto('/webauthn-login');
    await tab.getByRole('button', { name: 'Sign in with Passkey' }).click();
    await expect(tab.getByRole('heading', { name: 'Welcome, Farida' })).toBeVisible();

    await tab.goto('/profile');
    const passkeysIn = (where: Page) => where.getByRole('region', { name: 'Passkeys' });
    const itemsIn = (where: Page) => passkeysIn(where).getByRole('listitem');
    await expect(itemsIn(tab)).toHaveCount(1);
    // Named after the browser that made it: the journeys' Chromium says it is Chrome on Windows.
    await expect(itemsIn(tab).first()).toContainText('Chrome on Windows');
    await expect(itemsIn(tab).first()).toContainText('Last usedJust now');
    await expect(passkeysIn(tab)).toContainText(
      'This is your only passkey, so you cannot remove it',
    );
    await expect(passkeysIn(tab).getByRole('button', { name: /Remove/ })).toHaveCount(0);
    expect(await seriousViolations(tab)).toEqual([]);

    // The phone goes away; on a new device (this tab's own authenticator) she adds a passkey. She
    // signed in with a passkey a moment ago, so no confirmation is asked.
    await removeVirtualAuthenticator(synced);
    const laptop = await addVirtualAuthenticator(tab);
    const confirmations: string[] = [];
    context.on('request', (request) => {
      if (request.url().includes('/api/webauthn/confirm/')) confirmations.push(request.url());
    });
    await passkeysIn(tab).getByRole('button', { name: 'Add a passkey' }).click();
    const addDialog = tab.getByRole('alertdialog', { name: 'Add a passkey' });
    await expect(addDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await addDialog.getByRole('button', { name: 'Add passkey' }).click();
    await expect(passkeysIn(tab).getByRole('status')).toHaveText('Passkey added.');
    await expect(itemsIn(tab)).toHaveCount(2);
    expect(confirmations).toEqual([]);
    const [laptopKey, ...others] = await storedCredentials(laptop);
    expect(others).toEqual([]);
    if (!laptopKey) throw new Error('The laptop holds the passkey it made.');
    expect(laptopKey.credentialId).not.toBe(phoneKey.credentialId);
    await tab.close();

    // Back in the first tab, whose session never signed in with a passkey, she removes the lost
    // phone's passkey: the portal first asks her to confirm with a passkey she has (the laptop's,
    // synced here).
    await removeVirtualAuthenticator(phone);
    const laptopHere = await authenticatorWith(page, laptopKey);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/profile');
    await expect(itemsIn(page)).toHaveCount(2);
    expect(await horizontalOverflow(page)).toBe(0);
    await itemsIn(page)
      .first()
      .getByRole('button', { name: /Remove/ })
      .click();
    const removeDialog = page.getByRole('alertdialog', { name: 'Remove passkey' });
    const refused = page.waitForResponse(
      (res) => res.request().method() === 'DELETE' && res.status() === 403,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await removeDialog.getByRole('button', { name: 'Remove' }).click();
    await refused;
    await expect(passkeysIn(page).getByRole('status')).toHaveText('Passkey removed.');
    await expect(itemsIn(page)).toHaveCount(1);
    await expect(passkeysIn(page)).toContainText('This is your only passkey');
    expect(confirmations.map((url) => new URL(url).pathname)).toEqual([
      '/api/webauthn/confirm/begin',
      '/api/webauthn/confirm/complete',
    ]);
    const [used] = await storedCredentials(laptopHere);
    expect(used?.signCount).toBeGreaterThan(laptopKey.signCount);

    // The laptop's passkey is the one left: it signs her in.
    await logOutAndOpenSignIn(page);
    await page.getByRole('button', { name: 'Sign in with Passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Farida' })).toBeVisible();
  });
});

test.describe('[PASSKEYS] the passkey screen', () => {
  test('register mode without a session points to the invite code', async ({ page }) => {
    await page.goto('/webauthn');
    await page.getByRole('button', { name: 'Create a new passkey' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create a Passkey' })).toBeVisible();

    await page.getByRole('button', { name: 'Create Secure Passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a username');

    await page.getByLabel('Username').fill('someone@example.com');
    await page.getByRole('button', { name: 'Create Secure Passkey' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Failed to get registration challenge');
    await alert.getByRole('link', { name: /invite code/ }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
  });

  test('Back to Login and Go Back', async ({ page }) => {
    await page.goto('/webauthn-login');
    await page.getByRole('button', { name: 'Create a new passkey' }).click();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page.getByRole('button', { name: 'Sign in with Passkey' })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('has no serious or critical accessibility violations, and fits a 360px phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/webauthn-login');
    await expect(page.getByRole('button', { name: 'Sign in with Passkey' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await horizontalOverflow(page);
    expect(overflow).toBe(0);

    await page.getByRole('button', { name: 'Create a new passkey' }).click();
    await page.getByRole('button', { name: 'Create Secure Passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a username');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
