import { expect, test, type Locator, type Page } from '@playwright/test';
import { onboardedStudentPage, onboardingStudent } from './support/onboarding-students.js';
import { seriousViolations } from './support/page-checks.js';
import { searchStudents, tryAs } from './support/staff-console.js';

/**
 * [STAFF DOCUMENTS] The loop of a required document: the school officer asks for a bank statement
 * due in 5 days; the student sees it under "Action required" on the dashboard and uploads a file
 * into it; the officer views it and sends it back as "Unreadable"; the student reads the reason and
 * uploads again; the officer accepts it from the review queue by its shortcut; the student sees
 * Accepted and the card is gone. The
 * student is this journey's own, with an application to the officer's school.
 */
const STUDENT = onboardingStudent('documents');
const NAME = `${STUDENT.firstName} ${STUDENT.lastName}`;
const TITLE = 'Bank statement';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF\n');

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The officer's checklist of the student's application, on the record's Applications tab. */
async function officersChecklist(officer: Page): Promise<Locator> {
  await officer.getByRole('tab', { name: 'Applications' }).click();
  return officer.getByRole('region', { name: /^Required documents: Lakeshore State University/ });
}

async function openRecord(officer: Page) {
  await searchStudents(officer, 'Search students', NAME);
  await officer.getByRole('link', { name: NAME }).click();
  return officersChecklist(officer);
}

/** The student's row of the request on the application's page. */
function studentsRequest(student: Page): Locator {
  return student
    .getByRole('region', { name: 'Required documents' })
    .getByRole('article', { name: TITLE });
}

async function uploadInto(student: Page, fileName: string) {
  await student
    .getByLabel(`Choose a file for ${TITLE}`)
    .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
  await expect(studentsRequest(student).getByText('Waiting for review')).toBeVisible();
}

test('[STAFF DOCUMENTS] a requested bank statement goes back once with a reason, then is accepted', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const student = await onboardedStudentPage(browser, STUDENT);

  const officer = await (await browser.newContext()).newPage();
  await tryAs(officer, 'school officer');
  let checklist = await openRecord(officer);
  await checklist.getByRole('button', { name: 'Add request' }).click();
  const form = checklist.getByRole('form', { name: 'Add a request' });
  await form.getByLabel('Document').selectOption(TITLE);
  await form.getByLabel('Due date (optional)').fill(inDays(5));
  await form.getByLabel('Note to the student (optional)').fill('The last three months, please.');
  await form.getByRole('button', { name: 'Add the request' }).click();
  await expect(checklist.getByRole('listitem', { name: TITLE })).toContainText('Requested');
  expect(await seriousViolations(officer)).toEqual([]);

  await student.goto('/dashboard');
  const actionRequired = student.getByRole('region', { name: 'Action required' });
  await expect(actionRequired).toContainText(TITLE);
  await expect(actionRequired).toContainText('Due in 5 days');
  expect(await seriousViolations(student)).toEqual([]);
  await actionRequired.getByRole('link', { name: new RegExp(TITLE) }).click();
  await expect(studentsRequest(student)).toContainText('The last three months, please.');
  await uploadInto(student, 'statement-scan.pdf');

  await officer.reload();
  checklist = await officersChecklist(officer);
  const request = checklist.getByRole('listitem', { name: TITLE });
  await expect(request).toContainText('statement-scan.pdf');
  await request.getByRole('button', { name: /^View/ }).click();
  const viewer = officer.getByRole('dialog');
  await expect(viewer).toContainText('statement-scan.pdf');
  await officer.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await request.getByRole('button', { name: /^Reject/ }).click();
  await request.getByRole('radio', { name: 'Unreadable' }).check();
  await request.getByRole('button', { name: 'Send back' }).click();
  await expect(request).toContainText('Needs re-upload');

  await student.reload();
  await expect(studentsRequest(student)).toContainText('Needs re-upload');
  await expect(studentsRequest(student)).toContainText('Reason: Unreadable');
  expect(await seriousViolations(student)).toEqual([]);
  await uploadInto(student, 'statement-clear.pdf');

  // The second file from the review queue, by its keyboard shortcut.
  await officer
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Reviews' })
    .click();
  await officer
    .getByRole('list', { name: 'Waiting for review' })
    .getByRole('button', { name: `${TITLE}: ${NAME}` })
    .click();
  await expect(officer.getByRole('region', { name: TITLE })).toContainText('statement-clear.pdf');
  expect(await seriousViolations(officer)).toEqual([]);
  await officer.keyboard.press('a');
  await expect(officer.getByRole('status').filter({ hasText: 'Accepted' })).toContainText(
    `Accepted ${TITLE} for ${NAME}.`,
  );
  await expect(officer.getByRole('button', { name: `${TITLE}: ${NAME}` })).toHaveCount(0);
  await officer.goBack();
  checklist = await officersChecklist(officer);
  await expect(checklist.getByRole('listitem', { name: TITLE })).toContainText('Accepted');
  // Every request of the application accepted: the record offers, and only offers, to move it on.
  await expect(checklist).toContainText('All requested documents are accepted.');

  await student.reload();
  await expect(studentsRequest(student).getByText('Accepted').first()).toBeVisible();
  await student.goto('/dashboard');
  await expect(
    student.getByRole('heading', { name: `Welcome, ${STUDENT.firstName}` }),
  ).toBeVisible();
  await expect(student.getByRole('region', { name: 'Action required' })).toHaveCount(0);
  await Promise.all([student.context().close(), officer.context().close()]);
});
