import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/page-checks.js';

test.describe('[WELCOME] the first screen a student sees', () => {
  test('offers the two ways in and the sign-in link', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Invite Code' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Explore Universities' })).toBeVisible();
    await expect(page.getByText('Already have an account?')).toBeVisible();
  });

  test('Continue with Invite Code goes to /signup', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue with Invite Code' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('Explore Universities goes to /waitlist', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Explore Universities' }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
  });

  test('Sign in here goes to /webauthn-login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign in here' }).click();
    await expect(page).toHaveURL(/\/webauthn-login$/);
  });

  test('has no serious or critical accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Continue with Invite Code' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('runs under the strict content security policy without a violation', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Continue with Invite Code' })).toBeVisible();
    expect(violations).toEqual([]);
  });
});
