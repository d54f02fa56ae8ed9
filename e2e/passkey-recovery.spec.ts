import { expect, test } from '@playwright/test';
import { onboard, onboardingStudent } from './support/onboarding-students.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';
import {
  addVirtualAuthenticator,
  authenticatorWith,
  removeVirtualAuthenticator,
  storedCredentials,
} from './support/virtual-authenticator.js';

/**
 * [RECOVERY] A student whose phone is lost gets back in on a new one, at 360 px: passport number
 * and birth date, a new identity check, a new passkey; the old passkey is refused afterwards.
 * The student of this journey's own (e2e/support/onboarding-students.ts) onboards first, so the
 * old passkey is a real one.
 */
const STUDENT = onboardingStudent('recovery');

test.use({ viewport: { width: 360, height: 740 } });

test('[RECOVERY] a new phone: prove who you are again, a new passkey, the old one refused', async ({
  page,
}) => {
  const oldPhone = await addVirtualAuthenticator(page);
  await onboard(page, STUDENT);
  const [oldPasskey] = await storedCredentials(oldPhone);
  if (!oldPasskey) throw new Error('onboarding made no passkey');
  await page.getByRole('button', { name: 'Log Out' }).first().click();

  // The old phone is gone; the new one holds no passkey.
  await removeVirtualAuthenticator(oldPhone);
  const newPhone = await addVirtualAuthenticator(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'New phone or lost your passkey?' }).click();
  await expect(page).toHaveURL(/\/recover$/);
  await expect(page.getByRole('heading', { name: 'Recover your account' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A mistyped birth date is a miss like any other.
  await page.getByLabel('Passport number').fill(STUDENT.passportNumber);
  await page.getByLabel('Date of birth').fill('1990-01-01');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('We could not find an account');

  await page.getByLabel('Date of birth').fill(STUDENT.dateOfBirth);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/face-verification$/);
  await page.getByRole('button', { name: 'Start Identity Verification' }).click();
  const provider = page.frameLocator('iframe[title="Identity verification (simulated provider)"]');
  await provider.getByRole('button', { name: 'Approve' }).click();

  await expect(page).toHaveURL(/\/recover\?step=passkey$/);
  expect(await horizontalOverflow(page)).toBe(0);
  await page.getByRole('button', { name: 'Create Passkey' }).click();
  await expect(page.getByText('Your account is recovered')).toBeVisible();
  const [newPasskey] = await storedCredentials(newPhone);
  expect(newPasskey?.credentialId).not.toBe(oldPasskey.credentialId);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${STUDENT.firstName}` })).toBeVisible();

  // The new passkey signs in.
  await page.getByRole('button', { name: 'Log Out' }).first().click();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Log Out' }).first().click();

  // The old passkey, found again on another device, is refused.
  await removeVirtualAuthenticator(newPhone);
  await authenticatorWith(page, oldPasskey);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Passkey' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The used invite, with the right details, says the account exists and how to get in.
  await page.goto('/signup');
  await page.getByLabel('Invite code').fill(STUDENT.inviteCode);
  await page.getByLabel('Passport number').fill(STUDENT.passportNumber);
  await page.getByLabel('Date of birth').fill(STUDENT.dateOfBirth);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'You already have an account: sign in, or recover it on a new phone',
  );
  await expect(alert.getByRole('link', { name: 'Sign in with your passkey' })).toBeVisible();
  await expect(
    alert.getByRole('link', { name: 'Recover your account on a new phone' }),
  ).toBeVisible();
});
