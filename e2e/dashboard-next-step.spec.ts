import { expect, test, type Page } from '@playwright/test';
import { type DemoPersona, signInWithDemo } from './support/demo-session.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';
import { controlledByServiceWorker } from './support/service-worker.js';

/**
 * [DASHBOARD NEXT STEP] On a 360 px phone, each demo persona sees their one next step, with the
 * page's only primary action, on the first screen; a status that did not load is never shown as
 * a fact: placeholders while loading, "could not be loaded" with Try Again on failure, and offline
 * the last known status with the time it was read, on a first visit (before the service worker
 * controls the page) and on a later one. Against the production build and its service worker.
 */

const PHONE = { width: 360, height: 740 };
const APPLICANT_DATA = '**/api/applicant-data';

const nextStep = (page: Page) => page.getByRole('region', { name: 'Your next step' });

/** The controls of the page drawn as a primary action: filled with the primary colour. */
const primaryActions = (page: Page) => page.locator('main [data-slot="button"].bg-primary');

async function openDashboard(page: Page, persona: DemoPersona) {
  await page.setViewportSize(PHONE);
  await signInWithDemo(page, persona);
  await page.goto('/dashboard');
}

const PERSONAS: { persona: DemoPersona; who: string; step: string; action: RegExp }[] = [
  // Her school waits for her bank statement before it can issue her I-20.
  {
    persona: 'moi-required',
    who: 'Priya',
    step: 'Upload: Bank statement',
    action: /^Upload document$/,
  },
  // His interview waits for review and his I-20 is issued: the fee is his to pay.
  { persona: 'sevis-due', who: 'Lucas', step: 'Pay your SEVIS fee', action: /^Pay SEVIS Fee/ },
  {
    persona: 'interview-due',
    who: 'Farida',
    step: 'Record your MOI interview',
    action: /^Start MOI Interview$/,
  },
  {
    persona: 'all-done',
    who: 'Minh Anh',
    step: 'Schedule your visa appointment',
    action: /^Compare consulate wait times$/,
  },
];

test.describe('[DASHBOARD NEXT STEP] the next step first, on a phone', () => {
  for (const { persona, who, step, action } of PERSONAS) {
    test(`${persona} (${who}): "${step}" on the first screen, the one primary action`, async ({
      page,
    }) => {
      await openDashboard(page, persona);
      await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${who}` })).toBeVisible();
      await expect(nextStep(page)).toContainText(step);
      const primary = nextStep(page).getByRole('link', { name: action });
      await expect(primary).toBeInViewport({ ratio: 1 });
      await expect(primaryActions(page)).toHaveCount(1);
      await expect(primaryActions(page)).toHaveText(action);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('Priya: the SEVIS fee waits for her I-20, the interview is to do, the I-20 waits on the school', async ({
    page,
  }) => {
    await openDashboard(page, 'moi-required');
    await expect(nextStep(page)).toContainText('Upload: Bank statement');
    const state = (card: string) =>
      page.getByRole('group', { name: card }).locator('[data-slot="task-state"]');
    await expect(state('MOI Interview')).toHaveText('To do');
    await expect(state('I-20 Document')).toContainText('Waiting on your school');
    await expect(state('SEVIS Fee Payment')).toHaveText(
      'Cannot start yet: You will need the SEVIS ID from your I-20 to pay the fee.',
    );
    // The spec's button stays on its card, never as the page's primary action.
    await expect(
      page
        .getByRole('group', { name: 'SEVIS Fee Payment' })
        .getByRole('link', { name: /Pay SEVIS Fee/ }),
    ).toBeVisible();
  });
});

test.describe('[DASHBOARD NEXT STEP] a status still loading, or failed, is not shown as a fact', () => {
  // The page's own requests, routed by the test: a worker answering them would bypass the route.
  test.use({ serviceWorkers: 'block' });

  test('a failed read says so, with Try Again, and shows the status once read', async ({
    page,
  }) => {
    await page.route(APPLICANT_DATA, (route) => route.abort());
    await openDashboard(page, 'moi-required');

    const alert = page.getByRole('alert').filter({ hasText: 'Your status could not be loaded' });
    await expect(alert).toBeVisible();
    await expect(alert).toBeInViewport();
    await expect(page.getByText('Processing')).toHaveCount(0);
    await expect(page.getByText('Not Paid')).toHaveCount(0);
    await expect(page.getByText('Your admitting school')).toHaveCount(0);
    await expect(primaryActions(page)).toHaveCount(0);

    await page.unroute(APPLICANT_DATA);
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await expect(nextStep(page)).toContainText('Upload: Bank statement');
    await expect(alert).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Lakeshore State University' }),
    ).toBeVisible();
  });

  test('while it loads: placeholders, not the defaults', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(APPLICANT_DATA, async (route) => {
      await held;
      await route.continue();
    });
    await openDashboard(page, 'moi-required');
    await expect(page.getByText('Loading your latest status…')).toBeVisible();
    await expect(nextStep(page)).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByText('Processing')).toHaveCount(0);
    await expect(page.getByText('Not Issued')).toHaveCount(0);
    const box = await nextStep(page).boundingBox();

    release();
    await expect(nextStep(page)).toContainText('Upload: Bank statement');
    // Nothing above the next step moved when the status arrived.
    expect((await nextStep(page).boundingBox())?.y).toBe(box?.y);
  });
});

test.describe('[DASHBOARD NEXT STEP] offline, the last status with its time', () => {
  test('offline on a first visit, before the worker controls the page: the last status and its time', async ({
    page,
    context,
  }) => {
    await page.addInitScript(() => {
      sessionStorage.setItem(
        'e2e-controlled-at-start',
        String(navigator.serviceWorker.controller !== null),
      );
    });
    await openDashboard(page, 'all-done');
    await expect(nextStep(page)).toContainText('Schedule your visa appointment');
    // The visit that installs the worker: the page was not controlled when it read the status.
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-controlled-at-start'))).toBe(
      'false',
    );
    // Once the worker controls the page, the status is read again through it, which keeps it.
    await controlledByServiceWorker(page);
    await page.waitForFunction(async () => {
      for (const name of await caches.keys()) {
        if (!name.startsWith('portal-api-session-')) continue;
        if (await (await caches.open(name)).match('/api/applicant-data')) return true;
      }
      return false;
    });

    await context.setOffline(true);
    await expect(page.getByText(/^Last updated /)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Minh Anh' })).toBeVisible();
    await expect(page.getByText(/^Last updated /)).toBeInViewport();
    await expect(nextStep(page)).toContainText('Schedule your visa appointment');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Pacific Crest College' }),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
  });

  test('offline on a later visit: the last status and its time', async ({ page, context }) => {
    await openDashboard(page, 'sevis-due');
    await controlledByServiceWorker(page);
    await page.reload();
    await expect(nextStep(page)).toContainText('Pay your SEVIS fee');
    await expect(page.getByText('Your status is up to date.')).toBeAttached();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(/^Last updated \S/)).toBeInViewport();
    await expect(nextStep(page)).toContainText('Pay your SEVIS fee');
    await expect(page.getByText('Your status is up to date.')).toHaveCount(0);
  });
});
