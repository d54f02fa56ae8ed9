import { expect, test, type Page } from '@playwright/test';
import { signInWithDemo } from './support/demo-session.js';
import { smallTargets } from './support/touch-targets.js';

/**
 * [PHONE] Every control of the student's main pages is at least 44 x 44 px at 360 px wide, where
 * a thumb taps it (e2e/support/touch-targets.ts says how a control is measured). Each page is
 * measured once its data has loaded, so the controls the data brings are measured too.
 */

const PAGES = [
  { url: '/dashboard', heading: /Welcome,? Priya/ },
  { url: '/applications', heading: 'Applications' },
  { url: '/messages', heading: 'Messages' },
  { url: '/profile', heading: 'Profile' },
  { url: '/actions', heading: 'Visa Roadmap' },
  { url: '/help', heading: 'Help and Support' },
] as const;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

test.describe('[PHONE] touch targets at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const { url, heading } of PAGES) {
    test(`every control on ${url} is at least 44 x 44 px`, async ({ page }) => {
      await signInWithDemo(page);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await settle(page);

      expect(await smallTargets(page)).toEqual([]);
    });
  }

  test('every control on an application’s page is at least 44 x 44 px', async ({ page }) => {
    await signInWithDemo(page);
    await page.goto('/applications');
    await page.getByRole('link', { name: 'Lakeshore State University' }).click();
    await expect(page).toHaveURL(/\/application\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Documents' }).first()).toBeVisible();
    await settle(page);

    expect(await smallTargets(page)).toEqual([]);
  });

  test('the measure finds a control under 44 px', async ({ page }) => {
    // Without this, an empty list could mean the measure saw nothing at all.
    await page.setContent(
      '<p>Text</p><button style="height:36px;width:120px">Small</button><a href="#x" style="display:block;height:44px">Big</a>',
    );
    expect(await smallTargets(page)).toEqual(['button "Small" is 120 x 36 px']);
  });
});
