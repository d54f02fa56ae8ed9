import type { Page } from '@playwright/test';

/**
 * Headless Chromium never offers installation on its own: offers it as the browser would, so the
 * install banner and the floating 'Install App' button show.
 */
export async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {},
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(offer);
  });
}
