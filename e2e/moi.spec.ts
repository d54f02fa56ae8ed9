import { expect, test, type Page } from '@playwright/test';
import { signInWithDemo } from './support/demo-session.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';

/**
 * [MOI] The recorded English interview against the real server, recorded for real by Chromium
 * with its fake camera and microphone (playwright.config.ts). The journey that submits signs in
 * as the 'interview-due' persona (Farida: MOI required, I-20 issued); like every demo login it
 * gets a student of its own, so no other journey sees the interview it submits.
 */

/** The three questions the server seeds. */
const QUESTIONS = [
  'Please introduce yourself and explain why you want to study in the United States.',
  'Describe your academic background and how it has prepared you for your chosen program.',
  'What are your career goals, and how will this program help you achieve them?',
] as const;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const countdown = (page: Page) => page.locator('[data-slot="answer-countdown"]');

/** Waits until a <video> has decoded enough to show: a real picture, not just an element. */
async function expectPlayable(page: Page, label: string) {
  const video = page.getByLabel(label);
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(1);
}

/** Records about two seconds of answer to the question on screen, then waits for the take. */
async function recordAnswer(page: Page, question: number) {
  await expect(
    page.getByRole('heading', { level: 2, name: QUESTIONS[question - 1] }),
  ).toBeVisible();
  await expect(countdown(page)).toHaveText('1:30');
  await button(page, 'Start Recording').click();
  await expect(page.getByText('Recording', { exact: true })).toBeVisible();
  await expect(countdown(page)).toHaveText('1:28', { timeout: 5_000 });
  await button(page, 'Stop Recording').click();
  await expectPlayable(page, `Your answer to question ${question}`);
}

async function openSetup(page: Page) {
  await page.goto('/moi');
  await expect(page.getByRole('heading', { level: 1, name: 'MOI Interview' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Camera' })).toBeVisible();
  // The fake camera's picture reaches the preview.
  await expect
    .poll(() => page.getByLabel('Camera preview').evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  await expect(button(page, 'Start Interview Process')).toBeEnabled();
}

test.describe('[MOI] the recorded interview', () => {
  test('setup, three answers, one re-recorded, review, submit, and the dashboard shows it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInWithDemo(page, 'interview-due');
    await page.goto('/dashboard');
    const moiCard = page.getByRole('group', { name: 'MOI Interview' });
    await moiCard.getByRole('link', { name: 'Start MOI Interview' }).click();
    await expect(page).toHaveURL(/\/moi$/);
    await openSetup(page);
    await expect(page.getByRole('meter', { name: 'Microphone level' })).toBeVisible();

    await button(page, 'Start Interview Process').click();
    await recordAnswer(page, 1);
    await button(page, 'Next Question').click();
    await recordAnswer(page, 2);
    await button(page, 'Next Question').click();
    await recordAnswer(page, 3);
    await button(page, 'Review Answers').click();

    const answers = page.getByRole('list', { name: 'Your answers' });
    await expect(page.getByRole('heading', { name: 'Review Your Answers' })).toBeVisible();
    await expect(answers.getByRole('listitem')).toHaveCount(3);
    const firstTake = await answers.getByLabel('Your answer to question 2').getAttribute('src');

    await page.getByRole('button', { name: 'Re-record answer 2' }).click();
    await recordAnswer(page, 2);
    await button(page, 'Save Answer').click();
    await expect(page.getByRole('heading', { name: 'Review Your Answers' })).toBeVisible();
    for (const n of [1, 2, 3]) await expectPlayable(page, `Your answer to question ${n}`);
    const secondTake = await answers.getByLabel('Your answer to question 2').getAttribute('src');
    expect(secondTake).not.toBe(firstTake);
    await expect(page.getByRole('link', { name: 'Download answer 1' })).toHaveAttribute(
      'download',
      'moi-answer-1.webm',
    );
    expect(await seriousViolations(page)).toEqual([]);

    const uploads: number[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/api/moi/submit-video')) uploads.push(res.status());
    });
    await button(page, 'Submit MOI Interview').click();
    const dialog = page.getByRole('dialog', { name: 'MOI Interview Submitted' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    expect(uploads).toEqual([201, 201, 201]);

    await dialog.getByRole('button', { name: 'Return to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const tile = page
      .getByRole('region', { name: 'Status Overview' })
      .locator('[data-slot="status-tile"]')
      .filter({ hasText: 'MOI Interview' });
    await expect(tile).toContainText('Submitted');
    await expect(moiCard).toContainText('MOI Submitted');
    await expect(moiCard.getByRole('link', { name: 'Start MOI Interview' })).toHaveCount(0);

    // Back on /moi there is nothing left to record.
    await page.goto('/moi');
    await expect(page.getByRole('heading', { name: 'MOI Submitted' })).toBeVisible();
  });

  test('setup fits a 360px-wide phone, with no serious accessibility violations', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signInWithDemo(page);
    await openSetup(page);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await button(page, 'Start Interview Process').click();
    await expect(page.getByRole('heading', { level: 2, name: QUESTIONS[0] })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await button(page, 'Change Audio/Video Settings').click();
    await expect(
      page.getByRole('heading', { name: 'Set Up Your Camera and Microphone' }),
    ).toBeVisible();
  });

  test('without a session shows Access Restricted, its button going home', async ({ page }) => {
    await page.goto('/moi');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Restricted' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
