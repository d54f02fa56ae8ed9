import { expect, test } from '@playwright/test';
import { addVirtualAuthenticator, storedCredentials } from './support/virtual-authenticator.js';

/**
 * [ONBOARDING] The whole way in for the onboarding demo student (DESIGN.md's demo data contract):
 * invite code, passport and birth date, the identity check, a passkey, the dashboard; then out and
 * back in with the passkey alone. It runs after the identity-verification journey (see
 * playwright.config.ts), which leaves the student verified, and it uses up her invite: a
 * verified student with a passkey signs in with it from then on.
 */
test('[ONBOARDING] invite code to passkey to dashboard, then sign in with the passkey', async ({
  page,
}) => {
  const authenticator = await addVirtualAuthenticator(page);

  await page.goto('/');
  await page.getByRole('button', { name: 'Continue with Invite Code' }).click();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByLabel('Invite code').fill('DEMO-2026');
  await page.getByLabel('Passport number').fill('X1234567');
  await page.getByLabel('Date of birth').fill('2000-01-15');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // Verified by the identity-verification journey: straight on to the passkey step.
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Create Passkey' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Amara' })).toBeVisible();
  const [created] = await storedCredentials(authenticator);
  expect(created).toBeDefined();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Sign in here' }).click();
  await page.getByRole('button', { name: 'Sign in with Passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Amara' })).toBeVisible();
  const [used] = await storedCredentials(authenticator);
  expect(used?.signCount ?? 0).toBeGreaterThan(created?.signCount ?? 0);

  // The invite is used up: the same details no longer open an onboarding.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.getByRole('button', { name: 'Continue with Invite Code' }).click();
  await page.getByLabel('Invite code').fill('DEMO-2026');
  await page.getByLabel('Passport number').fill('X1234567');
  await page.getByLabel('Date of birth').fill('2000-01-15');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('No match was found');
});
