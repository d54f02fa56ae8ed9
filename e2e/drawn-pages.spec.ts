import { expect, test, type Page } from '@playwright/test';

/** The public pages the build draws (src/web/app/pages.ts, `prerender`), by a text of each. */
const DRAWN = [
  { path: '/', heading: 'Start your studies in the United States' },
  { path: '/signup', heading: 'Create Your Account' },
  { path: '/waitlist', heading: 'Direct University Applications, Coming Soon' },
] as const;

/** Everything the page logs as an error, and every uncaught error (a failed hydration is one). */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('[DRAWN] public pages arrive drawn and come alive without a flicker', () => {
  for (const { path, heading } of DRAWN) {
    test(`${path} shows its text before any script runs`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await context.close();
    });

    test(`${path} is taken over by the app with no error`, async ({ page }) => {
      const errors = recordErrors(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Taken over: a button of the page now works.
      await page
        .getByRole('button', { name: /Continue with Invite Code|Go Back|Back to Options/ })
        .click();
      await expect(page).toHaveURL(path === '/' ? /\/signup$/ : /\/$/);
      expect(errors).toEqual([]);
    });
  }

  test('the sign-up form cannot be used until the script has taken it over', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/signup');
    // A press would send the passport number in the address; typing would be lost at takeover.
    await expect(page.getByLabel('Passport number')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await context.close();
  });

  test('after takeover the sign-up form takes input, checks it, and shows step 1 of 3', async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.getByLabel('Invite code').fill('DEMO-2026');
    await expect(page.getByLabel('Invite code')).toHaveValue('DEMO-2026');
    // Step 1 of 3: a third of the bar, set once the script runs (no inline style in the markup).
    const indicator = page.locator('[data-slot="progress-indicator"]');
    await expect(indicator).toHaveCSS('scale', '0.33 1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Date of birth is required')).toBeVisible();
    // Today on the student's clock, set after takeover.
    await expect(page.getByLabel('Date of birth')).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/);
  });

  test('an address with a query string is drawn by the app itself', async ({ request }) => {
    const drawn = await (await request.get('/signup')).text();
    const plain = await (await request.get('/signup?step=passkey')).text();
    expect(drawn).toContain('Create Your Account');
    expect(plain).not.toContain('Create Your Account');
    expect(plain).toContain('<div id="root"></div>');
  });
});
