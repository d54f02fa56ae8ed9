import { expect, test, type Page } from '@playwright/test';
import { onboardedStudentPage, onboardingStudent } from './support/onboarding-students.js';
import { seriousViolations } from './support/page-checks.js';
import { searchStudents, tryAs } from './support/staff-console.js';

/**
 * [STAFF MOI REVIEW] A student records and submits the English interview (Chromium's fake camera
 * and microphone); the school officer plays it in the console and asks for a retake with a
 * reason; the student reads the reason on /moi and the dashboard and can record again. The
 * student is this journey's own onboarding student, at the school that requires the interview.
 */
const STUDENT = onboardingStudent('moi');
const NAME = `${STUDENT.firstName} ${STUDENT.lastName}`;
const REASON = 'The sound of your second answer cut out. Please record in a quieter room.';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function recordAnswer(page: Page, question: number) {
  await button(page, 'Start Recording').click();
  await expect(page.getByText('Recording', { exact: true })).toBeVisible();
  await expect(page.locator('[data-slot="answer-countdown"]')).toHaveText('1:28', {
    timeout: 5_000,
  });
  await button(page, 'Stop Recording').click();
  await expect(page.getByLabel(`Your answer to question ${question}`)).toBeVisible();
}

test('[STAFF MOI REVIEW] a school officer asks for a retake and the student reads why and records again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const student = await onboardedStudentPage(browser, STUDENT);
  await student.goto('/moi');
  await button(student, 'Start Interview Process').click();
  for (const question of [1, 2, 3]) {
    await recordAnswer(student, question);
    await button(student, question < 3 ? 'Next Question' : 'Review Answers').click();
  }
  await button(student, 'Submit MOI Interview').click();
  await expect(student.getByRole('dialog', { name: 'MOI Interview Submitted' })).toBeVisible({
    timeout: 30_000,
  });

  const officer = await (await browser.newContext()).newPage();
  await tryAs(officer, 'school officer');
  await searchStudents(officer, 'Search students', NAME);
  await officer.getByRole('link', { name: NAME }).click();
  await officer.getByRole('tab', { name: 'MOI recordings' }).click();
  const recording = officer.locator('video').first();
  await expect
    .poll(() => recording.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  const retake = officer.getByRole('form', { name: 'Ask for a retake' });
  await retake.getByLabel('Why a retake (the student reads this)').fill(REASON);
  await retake.getByRole('button', { name: 'Ask for a retake' }).click();
  await expect(officer.getByText('Saved.').first()).toBeVisible();
  expect(await seriousViolations(officer)).toEqual([]);

  // The student's next reads: the dashboard's card and /moi say why, and the interview opens again.
  await student.goto('/dashboard');
  const moiCard = student.getByRole('group', { name: 'MOI Interview' });
  await expect(moiCard).toContainText(REASON);
  await moiCard.getByRole('link', { name: 'Start MOI Interview' }).click();
  await expect(
    student.getByText('Your school asked you to record the interview again'),
  ).toBeVisible();
  await expect(student.getByText(REASON)).toBeVisible();
  await button(student, 'Start Interview Process').click();
  await recordAnswer(student, 1);
});
