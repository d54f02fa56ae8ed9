import { expect, test, type Page } from '@playwright/test';
import { type DemoPersona, signInWithDemo } from './support/demo-session.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';

/**
 * [HELP] The help page of /help against the real server: the school and agency of a student who
 * came through an agency (Priya), and of one who enrolled directly (Minh Anh, at Pacific Crest).
 * Sign-in is over the API, as the app itself stores a session.
 */

async function openHelp(page: Page, persona: DemoPersona) {
  await signInWithDemo(page, persona);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Help', exact: true }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help and Support' })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole('region', { name });

test.describe('[HELP] school, agency, support and government contacts', () => {
  test('a student who came through an agency: university, agency and agent', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('-details')) {
        calls.push(
          `${request.method()} ${new URL(request.url()).pathname} ${request.headers().authorization ? 'with token' : 'no token'}`,
        );
      }
    });
    await openHelp(page, 'moi-required');

    const university = card(page, 'Your University');
    await expect(
      university.getByRole('heading', { name: 'Lakeshore State University' }),
    ).toBeVisible();
    await expect(university).toContainText('Lakeshore State University educates students');
    await expect(university.getByRole('link', { name: '+1 312 555 0142' })).toHaveAttribute(
      'href',
      'tel:+13125550142',
    );
    await expect(university.getByRole('link', { name: /\+1 312 555 0143/ })).toHaveAttribute(
      'href',
      'https://wa.me/13125550143',
    );
    await expect(university).toContainText('Chicago, IL 60601');
    await expect(university.getByRole('link', { name: /Facebook/ })).toHaveAttribute(
      'href',
      'https://facebook.com/lakeshorestate.example',
    );

    const agency = card(page, 'Your Agency');
    await expect(
      agency.getByRole('heading', { name: 'Bright Horizons Education Consultants' }),
    ).toBeVisible();
    await expect(agency).toContainText('Rahul Mehta');
    await expect(agency).toContainText('Visa guidance');

    const support = card(page, 'Product Support');
    await expect(support.getByRole('link', { name: /Live Chat/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(support).toContainText('9am - 6pm EST via chat');
    const government = card(page, 'US Government Resources');
    for (const href of [
      'https://www.uscis.gov',
      'https://travel.state.gov/content/travel/en/us-visas/study/student-visa.html',
      'https://www.fmjfee.com',
      'https://www.ice.gov/sevis',
      'https://www.usembassy.gov',
    ]) {
      await expect(government.locator(`a[href="${href}"]`)).toHaveAttribute('target', '_blank');
    }
    await expect(card(page, 'In an Emergency').getByRole('link', { name: '911' })).toBeVisible();
    expect(calls.sort()).toEqual([
      'POST /api/agency-details with token',
      'POST /api/university-details with token',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("a student who enrolled directly: her own school and 'No agency details found'", async ({
    page,
  }) => {
    await openHelp(page, 'all-done');

    await expect(
      card(page, 'Your University').getByRole('heading', { name: 'Pacific Crest College' }),
    ).toBeVisible();
    const agency = card(page, 'Your Agency');
    await expect(agency).toContainText('No agency details found');
    await expect(agency).not.toContainText('Bright Horizons');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('fits a 360px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openHelp(page, 'moi-required');
    await expect(card(page, 'Your Agency')).toContainText('Rahul Mehta');
    expect(await horizontalOverflow(page)).toBe(0);
  });
});
