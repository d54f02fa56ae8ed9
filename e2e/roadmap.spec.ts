import { expect, test, type Page } from '@playwright/test';
import { type DemoPersona, signInWithDemo } from './support/demo-session.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';

/**
 * [ROADMAP] The visa roadmap of /actions against the real server: each demo persona sees the
 * steps their own record has reached (admission, I-20, SEVIS fee), and the start date of their
 * application where they have one. Sign-in is over the API, as the app itself stores a session.
 */

async function openRoadmap(page: Page, persona: DemoPersona) {
  await signInWithDemo(page, persona);
  await page.goto('/actions');
  await expect(page.getByRole('heading', { level: 1, name: 'Visa Roadmap' })).toBeVisible();
  await expect(steps(page)).toHaveCount(7);
}

const steps = (page: Page) => page.getByRole('list', { name: 'Visa steps' }).getByRole('listitem');
const step = (page: Page, title: string) => steps(page).filter({ hasText: title });
const currentStep = (page: Page) => page.locator('li[aria-current="step"]');
const documentCard = (page: Page, title: string) => page.getByRole('article', { name: title });

test.describe('[ROADMAP] each student sees their own progress', () => {
  test('moi-required (Priya): admitted, proof of funds in progress, her start date', async ({
    page,
  }) => {
    await openRoadmap(page, 'moi-required');

    await expect(page.getByText('1 of 7 steps completed')).toBeVisible();
    await expect(step(page, 'Admitted')).toContainText('Completed');
    await expect(currentStep(page)).toHaveCount(1);
    await expect(currentStep(page)).toContainText('Proof of Funds Submitted');
    await expect(currentStep(page)).toContainText('In Progress');
    await expect(currentStep(page).getByRole('note')).toContainText('Upload your bank statements');
    await expect(
      currentStep(page).getByRole('link', { name: 'Upload bank statements' }),
    ).toHaveAttribute('href', /^\/application\/\d+#required-documents$/);
    await expect(step(page, 'I-20 Received')).toContainText('Pending');
    await expect(step(page, 'Travel to Destination')).toContainText('Typically 90 days');
    await expect(page.getByText(/Your program starts on August 23, 2027/)).toBeVisible();
    await expect(documentCard(page, 'Form I-20')).toContainText('Not yet available');
    await expect(documentCard(page, 'Form I-20')).toContainText('Expected around');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('all-done (Minh Anh): I-20 and SEVIS done, the visa interview next', async ({ page }) => {
    await openRoadmap(page, 'all-done');

    await expect(page.getByText('4 of 7 steps completed')).toBeVisible();
    for (const title of ['Admitted', 'Proof of Funds Submitted', 'I-20 Received', 'SEVIS Fee Paid'])
      await expect(step(page, title)).toContainText('Completed');
    await expect(currentStep(page)).toContainText('Visa Interview Scheduled');
    await expect(currentStep(page).getByRole('note')).toContainText('Schedule your visa interview');
    await expect(
      page.getByText('Your school has not confirmed your program start date yet.'),
    ).toBeVisible();
    const i20 = documentCard(page, 'Form I-20');
    await expect(i20).toContainText('Available');
    await expect(i20).toContainText(/Issued \w+ \d{1,2}, \d{4}/);
    await expect(i20.getByRole('link', { name: /Open Form I-20/ })).toHaveAttribute(
      'href',
      'https://lakeshore-state.example.edu/i20/document.pdf',
    );
    await expect(documentCard(page, 'SEVIS I-901 Fee Receipt')).toContainText('Available');
  });

  test('sevis-due (Lucas): the SEVIS fee in progress', async ({ page }) => {
    await openRoadmap(page, 'sevis-due');

    await expect(page.getByText('3 of 7 steps completed')).toBeVisible();
    await expect(currentStep(page)).toContainText('SEVIS Fee Paid');
    await expect(documentCard(page, 'SEVIS I-901 Fee Receipt')).toContainText('Expected around');
  });

  test("'Upload bank statements' opens the application that asked, at its required documents", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openRoadmap(page, 'moi-required');

    await currentStep(page).getByRole('link', { name: 'Upload bank statements' }).click();

    await expect(page).toHaveURL(/\/application\/\d+#required-documents$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Lakeshore State University' }),
    ).toBeAttached();
    const required = page.getByRole('heading', { name: 'Required documents' });
    await expect(required).toBeFocused();
    await expect(required).toBeInViewport();
    await expect(
      page.getByRole('region', { name: 'Required documents' }).getByRole('article', {
        name: 'Bank statement',
      }),
    ).toBeVisible();
  });

  test('fits a 360px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openRoadmap(page, 'moi-required');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
