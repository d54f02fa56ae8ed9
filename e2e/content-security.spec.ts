import { expect, test, type Page } from '@playwright/test';
import { signInWithDemo } from './support/demo-session.js';

/**
 * Starts recording the page's Content-Security-Policy violations. The browser fires
 * `securitypolicyviolation` for every refused eval or load, also when the page catches the
 * error (zod 4's `new Function` probe did, and only the event and DevTools' issues showed it).
 */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective}: ${event.blockedURI || 'inline or eval'}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.describe('[CSP] pages that validate with zod run under the content security policy', () => {
  test('sign-up, with its form schema', async ({ page }) => {
    const violations = await recordViolations(page);
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Invite code is required')).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('the waitlist, with its form schema', async ({ page }) => {
    const violations = await recordViolations(page);
    await page.goto('/waitlist');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('the dashboard, after the session check parses the profile', async ({ page }) => {
    await signInWithDemo(page);
    const violations = await recordViolations(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
