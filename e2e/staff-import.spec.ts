import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { onboard, type OnboardingStudent } from './support/onboarding-students.js';
import { seriousViolations } from './support/page-checks.js';
import { tryAs } from './support/staff-console.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';

/**
 * [STAFF IMPORT] An administrator imports a students file: a bad row is named with its line and
 * nothing is imported; the fixed file imports, its invite codes download once, and a student of
 * the file onboards with theirs on another device. The students are new to each run.
 */
const RUN = Date.now().toString(36).toUpperCase();
const HEADER = 'first_name,last_name,email,passport_number,date_of_birth,school';
const rows = (birthDate: string) => [
  `Lina,Haddad,lina.${RUN}@import.example,IMP${RUN}A,2001-08-09,Lakeshore State University`,
  `Omar,Farouk,omar.${RUN}@import.example,IMP${RUN}B,${birthDate},Lakeshore State University`,
];
const csv = (birthDate: string) =>
  Buffer.from(`${[HEADER, ...rows(birthDate)].join('\n')}\n`, 'utf8');

test('[STAFF IMPORT] a bad row stops the import until fixed; a student of the file onboards with their code', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await tryAs(admin, 'administrator');
  await admin.getByRole('link', { name: 'Import students' }).click();
  await expect(admin.getByRole('heading', { name: 'Import students', level: 1 })).toBeVisible();

  const form = admin.getByRole('form', { name: 'Check a students file' });
  const file = form.getByLabel('Students file');
  await file.setInputFiles({ name: 'intake.csv', mimeType: 'text/csv', buffer: csv('2001-02-30') });
  await form.getByRole('button', { name: 'Check the file' }).click();
  await expect(admin.getByText('1 row to fix; nothing is imported')).toBeVisible();
  const problems = admin.getByRole('table', { name: 'Rows to fix' });
  await expect(problems.getByRole('row').nth(1)).toHaveText(
    '3date_of_birth: must be a date like 2000-01-31',
  );
  await expect(admin.getByRole('button', { name: /^Import \d/ })).toHaveCount(0);
  expect(await seriousViolations(admin)).toEqual([]);

  await file.setInputFiles({ name: 'intake.csv', mimeType: 'text/csv', buffer: csv('2000-12-01') });
  await form.getByRole('button', { name: 'Check the file' }).click();
  await admin.getByRole('button', { name: 'Import 2 students' }).click();
  await expect(admin.getByText('Imported 2 students.')).toBeVisible();
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Download invite codes (CSV)' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('invite-codes-intake.csv');
  const [header, , omar] = (await readFile(await saved.path(), 'utf8')).trim().split('\n');
  expect(header).toBe('email,first_name,last_name,invite_code,expires_at');
  const inviteCode = omar?.split(',')[3] ?? '';
  expect(inviteCode).toMatch(/^([2-9A-HJ-NP-Z]{4}-){6}[2-9A-HJ-NP-Z]{4}$/);

  const student = await (await browser.newContext()).newPage();
  await addVirtualAuthenticator(student);
  const imported: OnboardingStudent = {
    journey: 'import',
    firstName: 'Omar',
    lastName: 'Farouk',
    passportNumber: `IMP${RUN}B`,
    dateOfBirth: '2000-12-01',
    inviteCode,
  };
  await onboard(student, imported);
});
