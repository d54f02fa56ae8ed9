import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { onboardingStudent } from './support/onboarding-students.js';
import { seriousViolations } from './support/page-checks.js';
import { searchStudents, tryAs } from './support/staff-console.js';

/**
 * [STUDENT DATA] On a student's request, an administrator downloads a copy of their data and
 * then deletes them; a school officer sets the admission status of students ticked in the list.
 * The students are this journey's own (e2e/support/onboarding-students.ts), never onboarded, so
 * deleting and changing them touches no other journey.
 */
const LEAVING = onboardingStudent('student-data');
const ADMITTED = onboardingStudent('bulk');

test("[STUDENT DATA] an administrator exports a student's data, then deletes the student", async ({
  browser,
}) => {
  const admin = await (await browser.newContext({ acceptDownloads: true })).newPage();
  const name = `${LEAVING.firstName} ${LEAVING.lastName}`;
  await tryAs(admin, 'administrator');
  await searchStudents(admin, 'Search students', name);
  await admin.getByRole('link', { name }).click();
  const card = admin.locator('[data-slot="card"]', {
    has: admin.getByRole('heading', { name: 'Student data' }),
  });

  await card.getByRole('button', { name: 'Export the data' }).click();
  let dialog = admin.getByRole('alertdialog', { name: `Export ${name}'s data?` });
  await dialog.getByLabel(/Type the student's name/).fill(name.toUpperCase());
  expect(await seriousViolations(admin)).toEqual([]);
  const download = admin.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^student-[0-9a-f-]{36}-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(await readFile(await saved.path())));
  const [profile] = JSON.parse(strFromU8(zip['data/profiles.json'] ?? new Uint8Array())) as {
    passport_number: string;
  }[];
  expect(profile?.passport_number).toBe(LEAVING.passportNumber);
  await expect(card.getByText('The copy was downloaded.', { exact: false })).toBeVisible();

  await card.getByRole('button', { name: 'Delete the student' }).click();
  dialog = admin.getByRole('alertdialog', { name: `Delete ${name}?` });
  await dialog.getByLabel(/Type the student's name/).fill(LEAVING.firstName);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.getByText(`Type ${name} to confirm.`)).toBeVisible();
  await dialog.getByLabel(/Type the student's name/).fill(name);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();

  await expect(admin.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
  await expect(admin.getByText(`${name} was deleted:`, { exact: false })).toBeVisible();
  await searchStudents(admin, 'Search students', name);
  await expect(admin.getByText('No students match these filters.')).toBeVisible();
});

test('[STUDENT DATA] a school officer sets the admission status of the students ticked in the list', async ({
  page,
}) => {
  const name = `${ADMITTED.firstName} ${ADMITTED.lastName}`;
  await tryAs(page, 'school officer');
  await searchStudents(page, 'Search students', name);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  const bar = page.getByRole('region', { name: 'Selected students' });
  await expect(bar.getByText('1 student selected')).toBeVisible();
  await bar.getByRole('textbox', { name: 'Admission status' }).fill('Admitted');
  await bar.getByRole('button', { name: 'Set the status' }).click();
  await expect(bar.getByText('Changed 1 student.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name }).click();
  const overview = page.getByRole('tabpanel', { name: 'Overview' });
  await expect(overview.getByText('Admitted', { exact: true }).first()).toBeVisible();
});
