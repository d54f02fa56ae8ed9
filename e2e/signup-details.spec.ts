import { expect, test, type Page } from '@playwright/test';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';

/** The onboarding demo student the seed creates (docs: DESIGN.md, "Demo data contract"). */
const DEMO = { invite: 'DEMO-2026', passport: 'X1234567', dateOfBirth: '2000-01-15' };

async function fillDetails(page: Page, details: typeof DEMO) {
  await page.getByLabel('Invite code').fill(details.invite);
  await page.getByLabel('Passport number').fill(details.passport);
  await page.getByLabel('Date of birth').fill(details.dateOfBirth);
}

test.describe('[ONBOARDING] sign-up, step 1: who you are', () => {
  test('the demo student is found, signed in, and sent to identity verification', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue with Invite Code' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Step 1 of 3' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    await expect(page).toHaveTitle('F-1 Student Portal');

    await fillDetails(page, DEMO);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/face-verification$/);
    const stored = await page.evaluate(() => ({
      studentId: sessionStorage.getItem('student_id'),
      firstName: sessionStorage.getItem('first_name'),
      token: sessionStorage.getItem('jwt_token'),
    }));
    expect(stored.studentId).toBeTruthy();
    expect(stored.firstName).toBe('Amara');
    expect(stored.token).toBeTruthy();
  });

  test('a wrong passport number shows the no-match message, without echoing it', async ({
    page,
  }) => {
    await page.goto('/signup');
    await fillDetails(page, { ...DEMO, passport: 'X7654321' });
    await page.getByRole('button', { name: 'Continue' }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('No match was found for the information you entered.');
    await expect(alert).not.toContainText('X7654321');
    await expect(page).toHaveURL(/\/signup$/);
    expect(await page.evaluate(() => sessionStorage.getItem('jwt_token'))).toBeNull();
  });

  test('empty fields show the three messages and send nothing', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/get-student-id')) sent.push(request.url());
    });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByText('Invite code is required')).toBeVisible();
    await expect(page.getByText('Passport number must be at least 6 characters')).toBeVisible();
    await expect(page.getByText('Date of birth is required')).toBeVisible();
    await expect(page.getByLabel('Invite code')).toBeFocused();
    expect(sent).toEqual([]);
  });

  test('Go Back returns to the welcome screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue with Invite Code' }).click();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Continue with Invite Code' })).toBeVisible();
  });

  test('?step=passkey without a stored student id stays on step 1 and leaves the address clean', async ({
    page,
  }) => {
    await page.goto('/signup?step=passkey');
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('has no serious or critical accessibility violations, also with errors shown', async ({
    page,
  }) => {
    await page.goto('/signup');
    await expect(page.getByLabel('Invite code')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Invite code is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('fits a 360px-wide phone and runs under the content security policy', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    const overflow = await horizontalOverflow(page);
    expect(overflow).toBe(0);
    expect(errors).toEqual([]);
  });
});
