import type { Page } from '@playwright/test';

/** Opens the dashboard's folded "Finished tasks", where a done task's card is. */
export async function openFinishedTasks(page: Page): Promise<void> {
  await page
    .locator('summary')
    .filter({ hasText: /^Finished tasks \(\d+\)$/ })
    .click();
}
