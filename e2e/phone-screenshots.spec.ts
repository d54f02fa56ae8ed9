import { expect, test, type Page } from '@playwright/test';
import { signInWithDemo } from './support/demo-session.js';

/**
 * [PHONE] A full-page screenshot at 360 px of every page a student sees, attached to the test
 * report (playwright-report/, `npx playwright show-report`), so a reviewer can look at the phone
 * layout without running anything. Each page is taken once its data has loaded.
 */

const PHONE = { width: 360, height: 740 };

const SIGNED_OUT = [
  { name: 'welcome', url: '/', heading: /./ },
  { name: 'signup', url: '/signup', heading: /./ },
  { name: 'sign-in', url: '/login', heading: /./ },
  { name: 'waitlist', url: '/waitlist', heading: /./ },
] as const;

const SIGNED_IN = [
  { name: 'dashboard', url: '/dashboard', heading: /Welcome,? Priya/ },
  { name: 'applications', url: '/applications', heading: 'Applications' },
  { name: 'messages', url: '/messages', heading: 'Messages' },
  { name: 'profile', url: '/profile', heading: 'Profile' },
  { name: 'visa-roadmap', url: '/actions', heading: 'Visa Roadmap' },
  { name: 'help', url: '/help', heading: 'Help and Support' },
  { name: 'moi-interview', url: '/moi', heading: /./ },
  { name: 'not-found', url: '/no-such-page', heading: /./ },
] as const;

async function attachScreenshot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  // The window as tall as the page, so the fixed bottom navigation is drawn once, at the bottom,
  // rather than over the middle of a full-page capture.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ ...PHONE, height: Math.max(height, PHONE.height) });
  const body = await page.screenshot({ animations: 'disabled' });
  await page.setViewportSize(PHONE);
  await test.info().attach(`${name} at 360 px`, { body, contentType: 'image/png' });
}

test.describe('[PHONE] screenshots at 360 px for the report', () => {
  test.use({ viewport: PHONE });

  test('the pages before signing in', async ({ page }) => {
    for (const { name, url, heading } of SIGNED_OUT) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await attachScreenshot(page, name);
    }
  });

  test('the signed-in pages, an application and the message sheet', async ({ page }) => {
    test.setTimeout(90_000);
    await signInWithDemo(page);
    for (const { name, url, heading } of SIGNED_IN) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await attachScreenshot(page, name);
    }

    await page.goto('/applications');
    await page.getByRole('link', { name: 'Lakeshore State University' }).click();
    await expect(page.getByRole('heading', { name: 'Required documents' })).toBeVisible();
    await attachScreenshot(page, 'application');

    await page.goto('/messages');
    await page.getByRole('button', { name: 'New Message' }).click();
    await expect(page.getByRole('dialog', { name: 'New Message' })).toBeVisible();
    await attachScreenshot(page, 'new-message-sheet');
  });
});
