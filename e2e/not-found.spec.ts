import { expect, test } from '@playwright/test';

test.describe('[ROUTING] unknown paths', () => {
  test('show the 404 page with a way back home', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { name: /404/ })).toBeVisible();
    await page.getByRole('link', { name: /home|back/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Continue with Invite Code' })).toBeVisible();
  });

  test('a signed-out visit to the dashboard goes to the sign-in screen', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});
