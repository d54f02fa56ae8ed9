import { expect, test, type Page } from '@playwright/test';
import { onboardingStudent } from './support/onboarding-students.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';

/**
 * [IDENTITY] The identity check of an onboarding student against the real server and its built-in
 * simulated provider, on a 360px-wide phone. The student is this journey's own
 * (e2e/support/onboarding-students.ts): approving marks them verified for good.
 */
const STUDENT = onboardingStudent('identity');
const FRAME_TITLE = 'Identity verification (simulated provider)';
const VERIFYING = `Verifying ${STUDENT.firstName} ${STUDENT.lastName}`;

/** Welcome -> 'Continue with Invite Code' -> the details step -> /face-verification. */
async function arriveAsOnboardingStudent(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue with Invite Code' }).click();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByLabel('Invite code').fill(STUDENT.inviteCode);
  await page.getByLabel('Passport number').fill(STUDENT.passportNumber);
  await page.getByLabel('Date of birth').fill(STUDENT.dateOfBirth);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/face-verification$/);
}

test.describe('[IDENTITY] identity verification with the simulated provider', () => {
  test('a decline shows its message and Try Again starts over; an approval leads to the passkey step', async ({
    page,
  }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.setViewportSize({ width: 360, height: 740 });
    await arriveAsOnboardingStudent(page);

    // idle
    await expect(
      page.getByRole('heading', { level: 1, name: 'Identity Verification' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await expect(page.getByText('Review usually takes 1-2 minutes.')).toBeVisible();
    const start = page.getByRole('button', { name: 'Start Identity Verification' });
    await expect(start).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    // loading: the provider's page in our dialog; decline it for a face mismatch
    await start.click();
    const dialog = page.getByRole('dialog', { name: 'Identity verification' });
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('veriff_session_id'))).toBeTruthy();
    const provider = page.frameLocator(`iframe[title="${FRAME_TITLE}"]`);
    await expect(provider.getByText(VERIFYING)).toBeVisible();
    await provider.getByLabel('Reason to decline').selectOption({ label: 'Face mismatch' });
    await provider.getByRole('button', { name: 'Decline' }).click();

    // error: the declined message with the result code's title and message
    await expect(dialog).toBeHidden();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Identity verification was declined. Please try again.');
    await expect(alert).toContainText(
      'Your face could not be matched to the photo on your document.',
    );
    await expect(
      page.getByRole('heading', { level: 2, name: 'Face Verification Failed' }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    // Try Again: back to idle, the stored session forgotten
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(start).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('veriff_session_id'))).toBeNull();

    // A new session: approve it
    await start.click();
    await expect(dialog).toBeVisible();
    await expect(provider.getByText(VERIFYING)).toBeVisible();
    await provider.getByRole('button', { name: 'Approve' }).click();

    // success, then the passkey step of sign-up 2 seconds later
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: 'Identity verified' })).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create your passkey' })).toBeVisible();
    const profile = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('user_profile') ?? 'null') as unknown,
    );
    expect(profile).toMatchObject({ faceVerified: true, verificationResult: 'approved' });

    // Everything ran under the content security policy, framing included.
    expect(consoleErrors).toEqual([]);
  });
});
