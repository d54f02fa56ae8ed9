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

  test("each visitor gets a student of their own: one visitor's message is not in the next one's inbox", async ({
    browser,
  }) => {
    const subject = 'A question from the first visitor';
    const first = await browser.newPage();
    await first.goto('/');
    await first.getByRole('button', { name: 'Try the demo' }).click();
    await expect(first).toHaveURL(/\/dashboard$/);
    await first.goto('/messages');
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
