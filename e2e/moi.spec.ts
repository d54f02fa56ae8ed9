import { expect, test, type Page } from '@playwright/test';
import { signInWithDemo } from './support/demo-session.js';
import { offerInstall } from './support/install-offer.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';
import { openFinishedTasks } from './support/dashboard.js';

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
  await setupReady(page);
}

/** The setup, once the fake camera's picture is in its preview. */
async function setupReady(page: Page) {
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
    // A submitted interview is a finished task: its card is folded with the others.
    await openFinishedTasks(page);
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

  test('at 360px, leaving with recorded answers asks first, by Leave interview, Back or reload', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 360, height: 780 });
    await signInWithDemo(page, 'interview-due');
    await page.goto('/dashboard');
    await page
      .getByRole('group', { name: 'MOI Interview' })
      .getByRole('link', { name: 'Start MOI Interview' })
      .click();
    // Arrived within the app, as a student does: Back is then the app's own, not a new page.
    await setupReady(page);
    await offerInstall(page);
    // The interview's own buttons sit at the bottom of the screen: nothing floats over them.
    await expect(page.getByRole('region', { name: /^Install .* for quick access$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Install App' })).toBeHidden();
    await expect(page.locator('[data-bottom-nav]')).toBeVisible();

    await button(page, 'Start Interview Process').click();
    await recordAnswer(page, 1);
    await button(page, 'Next Question').click();
    await expect(page.getByText('Question 2 of 3')).toBeVisible();

    // The portal's navigation gives way to one way out, which asks first.
    await expect(page.locator('[data-bottom-nav]')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeHidden();
    const leave = page.getByRole('link', { name: 'Leave interview' });
    await expect(leave).toBeInViewport();
    await leave.click();
    const confirm = page.getByRole('alertdialog', { name: 'Leave the interview?' });
    await expect(confirm).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await confirm.getByRole('button', { name: 'Keep My Answers' }).click();
    await expect(page).toHaveURL(/\/moi$/);
    await expect(page.getByText('Question 2 of 3')).toBeVisible();

    // The phone's back gesture asks too, and staying keeps the page as it was.
    await page.evaluate(() => {
      window.history.back();
    });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep My Answers' }).click();
    await expect(page).toHaveURL(/\/moi$/);
    await expect(page.getByText('Question 2 of 3')).toBeVisible();

    // A reload gets the browser's own question; dismissed, nothing is lost.
    const question = page.waitForEvent('dialog');
    void page.evaluate(() => {
      window.location.reload();
    });
    const unload = await question;
    expect(unload.type()).toBe('beforeunload');
    await unload.dismiss();
    await expect(page.getByText('Question 2 of 3')).toBeVisible();

    await leave.click();
    await confirm.getByRole('button', { name: 'Leave interview' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('[data-bottom-nav]')).toBeVisible();
  });

  test('without a session shows Access Restricted, its button going home', async ({ page }) => {
    await page.goto('/moi');
    await expect(page.getByRole('heading', { level: 1, name: 'Access Restricted' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
