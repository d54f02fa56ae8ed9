import { expect, test, type Page } from '@playwright/test';
import { type DemoPersona, signInWithDemo } from './support/demo-session.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';

/**
 * [DASHBOARD] The student's home against the real server and its demo data: the three demo-login
 * personas (DESIGN.md's demo data contract and src/shared/auth.ts) show the dashboard's states,
 * and the consulate wait times come from the seeded snapshot of 241 posts. Sign-in is over the
 * API, as the app itself stores a session, since the login is not what is tested here.
 */

async function signInAs(page: Page, persona: DemoPersona) {
  await signInWithDemo(page, persona);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
}

const overview = (page: Page) => page.getByRole('region', { name: 'Status Overview' });
const tile = (page: Page, label: string) =>
  overview(page).locator('[data-slot="status-tile"]').filter({ hasText: label });
const card = (page: Page, name: string) => page.getByRole('group', { name });
const waitTimes = (page: Page) => page.getByRole('region', { name: 'Consulate Wait Times' });
const consulates = (page: Page) =>
  page.getByRole('list', { name: 'Consulates' }).getByRole('heading', { level: 3 });

/** The record has loaded once the admission status is no longer the default 'Processing'. */
async function recordLoaded(page: Page) {
  await expect(tile(page, 'Application Status')).toContainText('Admitted');
}

test.describe('[DASHBOARD] the status and task cards of each demo persona', () => {
  test('moi-required (Priya): MOI tile and card, waiting for the I-20, SEVIS to pay', async ({
    page,
  }) => {
    // A console error here would be a CSP violation or a failed call nobody expected.
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await signInAs(page, 'moi-required');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeVisible();
    await recordLoaded(page);

    await expect(
      page.getByRole('heading', { level: 2, name: 'Lakeshore State University' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Acceptance Letter/ })).toHaveAttribute(
      'href',
      'https://lakeshore-state.example.edu/letters/acceptance.pdf',
    );

    await expect(overview(page).locator('[data-slot="status-tile"]')).toHaveCount(5);
    await expect(tile(page, 'MOI Interview')).toContainText('Incomplete');
    await expect(tile(page, 'I-20 Status')).toContainText('Not Issued');
    // The fee needs the SEVIS ID printed on the I-20: it cannot be paid yet.
    await expect(tile(page, 'SEVIS Fee')).toContainText('Waiting for I-20');
    await expect(tile(page, 'Visa Appointment')).toContainText('Schedule Required');

    await expect(
      card(page, 'MOI Interview').getByRole('link', { name: 'Start MOI Interview' }),
    ).toHaveAttribute('href', '/moi');
    await expect(
      card(page, 'I-20 Document').getByRole('button', { name: 'Waiting for I-20' }),
    ).toBeDisabled();
    const pay = card(page, 'SEVIS Fee Payment').getByRole('link', { name: /Pay SEVIS Fee/ });
    await expect(pay).toHaveAttribute('href', 'https://www.fmjfee.com');
    await expect(pay).toHaveAttribute('target', '_blank');
    await expect(card(page, 'SEVIS Fee Payment')).toContainText('$350.00');
    await expect(card(page, 'SEVIS Fee Payment')).toContainText(
      'You will need the SEVIS ID from your I-20',
    );
    await expect(card(page, 'Visa Appointment')).not.toContainText("you're ready to schedule");
    await expect(consulates(page)).toHaveCount(24);
    expect(consoleErrors).toEqual([]);
  });

  test('all-done (Minh Anh): no MOI, Download I-20, SEVIS paid, ready for the visa appointment', async ({
    page,
  }) => {
    await signInAs(page, 'all-done');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Minh Anh' })).toBeVisible();
    await recordLoaded(page);

    await expect(
      page.getByRole('heading', { level: 2, name: 'Pacific Crest College' }),
    ).toBeVisible();
    await expect(overview(page).locator('[data-slot="status-tile"]')).toHaveCount(4);
    await expect(tile(page, 'MOI Interview')).toHaveCount(0);
    await expect(card(page, 'MOI Interview')).toHaveCount(0);

    await expect(tile(page, 'I-20 Status')).toContainText('Issued');
    await expect(tile(page, 'I-20 Status')).not.toContainText('Not Issued');
    // Her I-20 and fee are done: their cards are folded away until she opens them.
    await page.getByText('Finished tasks (2)').click();
    const download = card(page, 'I-20 Document').getByRole('link', { name: /Download I-20/ });
    await expect(download).toHaveAttribute(
      'href',
      'https://lakeshore-state.example.edu/i20/document.pdf',
    );
    await expect(download).toHaveAttribute('rel', 'noopener noreferrer');

    await expect(tile(page, 'SEVIS Fee')).toContainText('Paid');
    await expect(tile(page, 'SEVIS Fee')).not.toContainText('Not Paid');
    await expect(card(page, 'SEVIS Fee Payment').getByText('Paid', { exact: true })).toBeVisible();
    await expect(card(page, 'SEVIS Fee Payment').getByRole('link')).toHaveCount(0);
    await expect(card(page, 'Visa Appointment')).toContainText(
      "Your SEVIS fee is paid: you're ready to schedule your visa appointment.",
    );
    // Never both: the fee is paid, so the card no longer says it must be paid first.
    await expect(card(page, 'Visa Appointment')).not.toContainText('must be paid before');
  });

  test('sevis-due (Lucas): MOI pending review, I-20 issued, SEVIS due', async ({ page }) => {
    await signInAs(page, 'sevis-due');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Lucas' })).toBeVisible();
    await recordLoaded(page);

    await expect(tile(page, 'MOI Interview')).toContainText('Pending Review');
    await expect(card(page, 'MOI Interview').getByText('Pending Review')).toBeVisible();
    await expect(tile(page, 'I-20 Status')).not.toContainText('Not Issued');
    await page.getByText('Finished tasks (1)').click();
    await expect(
      card(page, 'I-20 Document').getByRole('link', { name: /Download I-20/ }),
    ).toBeVisible();
    await expect(tile(page, 'SEVIS Fee')).toContainText('Payment Required');
    await expect(
      card(page, 'SEVIS Fee Payment').getByRole('link', { name: /Pay SEVIS Fee/ }),
    ).toBeVisible();
    await expect(card(page, 'Visa Appointment')).not.toContainText("you're ready to schedule");
  });
});

test.describe('[DASHBOARD] consulate wait times', () => {
  test('search, country filter, Show All and the empty result', async ({ page }) => {
    await signInAs(page, 'moi-required');
    // The seeded snapshot has 241 posts; read the count the server serves, in case its refresh
    // job has reached the State Department's page since.
    const served = (await (await page.request.get('/api/visa-wait-times')).json()) as unknown[];
    expect(served.length).toBeGreaterThan(24);

    await expect(consulates(page)).toHaveCount(24);
    const search = waitTimes(page).getByRole('searchbox', { name: 'Search consulates' });
    await expect(search).toHaveAttribute('placeholder', 'Search by city or country...');

    await search.fill('abuja');
    await expect(consulates(page)).toHaveText(['Abuja']);
    await expect(page.getByRole('list', { name: 'Consulates' }).getByRole('article')).toContainText(
      'Nigeria',
    );
    await expect(
      page.getByRole('link', { name: 'Schedule Appointment (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://ng.usembassy.gov/visas/');

    await search.fill('');
    const country = waitTimes(page).getByRole('combobox', { name: 'Country' });
    await expect(country.locator('option').first()).toHaveText('All Countries');
    await country.selectOption('Ghana');
    await expect(consulates(page)).toHaveText(['Accra']);

    await country.selectOption('');
    await expect(consulates(page)).toHaveCount(24);
    await page.getByRole('button', { name: `Show All ${served.length} Consulates` }).click();
    await expect(consulates(page)).toHaveCount(served.length);
    await expect(page.getByRole('button', { name: /Show All/ })).toHaveCount(0);

    await search.fill('no such consulate');
    await expect(
      waitTimes(page).getByText('No consulates found matching your criteria.'),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Consulates' })).toHaveCount(0);
  });

  test('Refresh fetches the list again and says so', async ({ page }) => {
    await signInAs(page, 'moi-required');
    await expect(consulates(page)).toHaveCount(24);
    const refetch = page.waitForResponse(
      (res) => res.url().endsWith('/api/visa-wait-times') && res.request().method() === 'GET',
    );

    await waitTimes(page).getByRole('button', { name: 'Refresh' }).click();

    expect((await refetch).status()).toBeLessThan(400);
    await expect(page.getByText('Wait times updated.')).toBeAttached();
    await expect(consulates(page)).toHaveCount(24);
  });
});

test.describe('[DASHBOARD] accessibility and layout', () => {
  test('has no serious or critical accessibility violations', async ({ page }) => {
    await signInAs(page, 'sevis-due');
    await recordLoaded(page);
    await expect(consulates(page)).toHaveCount(24);

    expect(await seriousViolations(page)).toEqual([]);
  });

  test('fits a 360px-wide phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signInAs(page, 'moi-required');
    await recordLoaded(page);
    await expect(consulates(page)).toHaveCount(24);

    const overflow = await horizontalOverflow(page);
    expect(overflow).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
