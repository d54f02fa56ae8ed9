import { expect, test } from '@playwright/test';

test.describe('[DEMO] demo login', () => {
  test('reaches the dashboard shell and Log Out ends the session', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(/Welcome,? Priya/)).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('jwt_token'))).toBeTruthy();

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => sessionStorage.getItem('jwt_token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('user_profile'))).toBeNull();

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a reload keeps the student signed in for the life of the tab', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect(page.getByText(/Welcome,? Priya/)).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(/Welcome,? Priya/)).toBeVisible();
  });
});
