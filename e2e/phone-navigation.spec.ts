import { expect, test } from '@playwright/test';
import { signInWithDemo } from './support/demo-session.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';

const SECTIONS = [
  { name: 'Applications', url: /\/applications$/, heading: 'Applications' },
  { name: 'Messages', url: /\/messages$/, heading: 'Messages' },
  { name: 'Profile', url: /\/profile$/, heading: 'Profile' },
  { name: 'Roadmap', url: /\/actions$/, heading: 'Visa Roadmap' },
  { name: 'Home', url: /\/dashboard$/, heading: /Welcome,? Priya/ },
] as const;

test.describe('[PHONE] the bottom navigation at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('reaches every section in one tap from the bottom of a long page, and fits the screen', async ({
    page,
  }) => {
    await signInWithDemo(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome,? Priya/ })).toBeVisible();
    // One navigation for the sections: the header's tabs are for wider screens.
    const navigation = page.getByRole('navigation', { name: 'Portal' });
    await expect(navigation).toHaveCount(1);
    await expect(navigation.getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    for (const section of SECTIONS) {
      await page.mouse.wheel(0, 20_000);
      const link = navigation.getByRole('link', { name: section.name });
      await expect(link).toBeInViewport();
      const box = await link.boundingBox();
      expect(box?.height ?? 0, `${section.name} is tall enough to tap`).toBeGreaterThanOrEqual(44);
      await link.click();
      await expect(page).toHaveURL(section.url);
      await expect(page.getByRole('heading', { level: 1, name: section.heading })).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
      expect(await horizontalOverflow(page), `${section.name} scrolls sideways`).toBe(0);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('is reached with the keyboard, and the header keeps Help and Log Out', async ({ page }) => {
    await signInWithDemo(page);
    await page.goto('/applications');
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    const messages = page.getByRole('navigation', { name: 'Portal' }).getByRole('link', {
      name: 'Messages',
    });
    await messages.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/messages$/);
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Help' })).toBeVisible();
    await expect(account.getByRole('button', { name: 'Log Out' })).toBeVisible();
  });
});
