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
    await expect(page.getByRole('status').filter({ hasText: 'You are logged out.' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('jwt_token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('user_profile'))).toBeNull();

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('home is the dashboard for a signed-in student, from the address, the logo and the 404 page; Sign in tops the welcome page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const header = page.getByRole('banner');
    const signIn = header.getByRole('link', { name: 'Sign in' });
    await expect(signIn).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Sign in here' })).toBeAttached();
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(/Welcome,? Priya/)).toBeVisible();
    await page.goto('/messages');
    await header.getByRole('link', { name: /F-1 Student Portal/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status').filter({ hasText: 'You are logged out.' })).toBeVisible();
    // A reload or a later visit of home does not say it again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('You are logged out.')).toHaveCount(0);
  });

  test('a reload keeps the student signed in for the life of the tab', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await expect(page.getByText(/Welcome,? Priya/)).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(/Welcome,? Priya/)).toBeVisible();
  });

  test("each visitor gets a student of their own: one visitor's message is not in the next one's inbox", async ({
    browser,
  }) => {
    const subject = 'A question from the first visitor';
    const first = await browser.newPage();
    await first.goto('/');
    await first.getByRole('button', { name: 'Try the demo' }).click();
    await expect(first).toHaveURL(/\/dashboard$/);
    await first.goto('/messages');
    await first.getByRole('button', { name: 'New Message' }).click();
    const form = first.getByRole('form', { name: 'New message' });
    await form.getByRole('combobox', { name: 'To' }).selectOption('Admissions Office');
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await form.getByRole('textbox', { name: 'Message' }).fill('Is my file complete?');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(first.getByRole('article', { name: subject })).toBeVisible();

    const next = await browser.newPage();
    await next.goto('/');
    await next.getByRole('button', { name: 'Try the demo' }).click();
    await expect(next).toHaveURL(/\/dashboard$/);
    await next.goto('/messages');
    const inbox = next.getByRole('list', { name: 'Messages' });
    await expect(inbox.getByRole('article')).toHaveCount(3);
    await expect(inbox.getByRole('article', { name: subject })).toHaveCount(0);
    await Promise.all([first.close(), next.close()]);
  });
});
