import { expect, test, type Page } from '@playwright/test';
import { onboardingStudent } from './support/onboarding-students.js';
import { addVirtualAuthenticator, storedCredentials } from './support/virtual-authenticator.js';

/**
 * [ONBOARDING] The whole way in for an onboarding student of this journey's own
 * (e2e/support/onboarding-students.ts): invite code, passport and birth date, the identity check,
 * a passkey, the dashboard; then out and back in with the passkey alone. The passkey uses up the
 * invite: the same details open no onboarding after it, and say the account exists.
 */
const STUDENT = onboardingStudent('onboarding');

async function enterDetails(page: Page) {
  await page.getByLabel('Invite code').fill(STUDENT.inviteCode);
  await page.getByLabel('Passport number').fill(STUDENT.passportNumber);
  await page.getByLabel('Date of birth').fill(STUDENT.dateOfBirth);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

test('[ONBOARDING] invite code to passkey to dashboard, then sign in with the passkey', async ({
  page,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  const welcome = page.getByRole('heading', { name: `Welcome, ${STUDENT.firstName}` });

  await page.goto('/');
  await page.getByRole('button', { name: 'Continue with Invite Code' }).click();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await enterDetails(page);

  await expect(page).toHaveURL(/\/face-verification$/);
  await page.getByRole('button', { name: 'Start Identity Verification' }).click();
  const provider = page.frameLocator('iframe[title="Identity verification (simulated provider)"]');
  await provider.getByRole('button', { name: 'Approve' }).click();

  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Create Passkey' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(welcome).toBeVisible();
  const [created] = await storedCredentials(authenticator);
  expect(created).toBeDefined();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Sign in here' }).click();
  await page.getByRole('button', { name: 'Sign in with Passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(welcome).toBeVisible();
  const [used] = await storedCredentials(authenticator);
  expect(used?.signCount ?? 0).toBeGreaterThan(created?.signCount ?? 0);

  // The invite is used up: the same details no longer open an onboarding, and say why.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.getByRole('button', { name: 'Continue with Invite Code' }).click();
  await enterDetails(page);
  await expect(page.getByRole('alert')).toContainText(
    'You already have an account: sign in, or recover it on a new phone',
  );
});
