import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { onboard, onboardingStudent } from './support/onboarding-students.js';
import { seriousViolations } from './support/page-checks.js';
import { controlledByServiceWorker } from './support/service-worker.js';
import { searchStudents, tryAs } from './support/staff-console.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';
import { openFinishedTasks } from './support/dashboard.js';

/**
 * [STAFF CHANGES] What staff change in the console, the student sees: a school officer issues
 * the I-20 from its PDF, and the student, signed in on another device, downloads that very file
 * from the dashboard, and the copy the app keeps offline says so too. The student is this
 * journey's own onboarding student (e2e/support/onboarding-students.ts), so it runs alone or
 * beside any other.
 */
const STUDENT = onboardingStudent('i20');
const I20_PDF = Buffer.from(
  `%PDF-1.7\n% I-20 of ${STUDENT.firstName} ${STUDENT.lastName}, ${Date.now()}\ntrailer <<>>\n%%EOF\n`,
);

test('[STAFF CHANGES] a school officer issues the I-20 and the student downloads that exact file', async ({
  browser,
}) => {
  const studentDevice = await browser.newContext({ acceptDownloads: true });
  const student = await studentDevice.newPage();
  await addVirtualAuthenticator(student);
  await onboard(student, STUDENT);
  const i20Card = student.getByRole('group', { name: 'I-20 Document' });
  await expect(i20Card.getByRole('button', { name: 'Waiting for I-20' })).toBeDisabled();

  const officer = await (await browser.newContext()).newPage();
  await tryAs(officer, 'school officer');
  await searchStudents(officer, 'Search students', `${STUDENT.firstName} ${STUDENT.lastName}`);
  await officer.getByRole('link', { name: `${STUDENT.firstName} ${STUDENT.lastName}` }).click();
  const form = officer.getByRole('form', { name: 'I-20' });
  await form.getByLabel('Issued on').fill('2026-07-01');
  await form
    .getByLabel('The I-20 (PDF, at most 10 MB)')
    .setInputFiles({ name: 'i20.pdf', mimeType: 'application/pdf', buffer: I20_PDF });
  await form.getByRole('button', { name: 'Issue the I-20' }).click();
  await expect(officer.getByText('Saved.').first()).toBeVisible();
  await expect(officer.getByRole('link', { name: 'Open the I-20 file' })).toBeVisible();
  expect(await seriousViolations(officer)).toEqual([]);

  // The student's next read of the dashboard shows the I-20 issued, and its file downloads.
  // An issued I-20 is a finished task: its card is folded with the others.
  await student.reload();
  await openFinishedTasks(student);
  await expect(i20Card.getByText('Issued', { exact: true })).toBeVisible();
  const download = student.waitForEvent('download');
  await i20Card.getByRole('button', { name: 'Download I-20' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('I-20.pdf');
  expect((await readFile(await saved.path())).equals(I20_PDF)).toBe(true);

  // The copy the app keeps for offline use was refreshed by that read: offline, it says issued.
  await controlledByServiceWorker(student);
  await studentDevice.setOffline(true);
  await student.reload();
  await openFinishedTasks(student);
  await expect(i20Card.getByText('Issued', { exact: true })).toBeVisible();
  await expect(i20Card.getByRole('button', { name: 'Waiting for I-20' })).toHaveCount(0);
});
