import { expect, type Locator, type Page, test } from '@playwright/test';
import { onboardedStudentPage, onboardingStudent } from './support/onboarding-students.js';
import { searchStudents, tryAs } from './support/staff-console.js';

/**
 * [NOTIFICATIONS] The e-mails a student gets, as the server that `npm start` runs delivers them:
 * its own notification worker writes them into the mailbox in its DATA_DIR, which an
 * administrator reads at /staff/mail. An administrator replies to the student's message in the
 * console: the e-mail reaches her address, and its link, opened in her signed-in browser, shows
 * the reply. A school officer asks for a document and sends her upload back: the request's e-mail
 * links to where she uploads, and the second carries the reason. The student is this journey's
 * own (e2e/support/onboarding-students.ts).
 */
const STUDENT = onboardingStudent('notifications');
const NAME = `${STUDENT.firstName} ${STUDENT.lastName}`;
const ADDRESS = STUDENT.email ?? 'the student has an address';
const SUBJECT = 'When will my I-20 be issued?';
const REPLY = 'Your I-20 is being prepared. Expect it within two weeks.';
const TITLE = 'Bank statement';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * Opens, in the console's mailbox, the e-mail to the student with `subject`, refreshing the list
 * until it arrives (the worker relays and delivers within a second or two); answers the message.
 */
async function openMail(admin: Page, subject: string): Promise<Locator> {
  await admin.goto('/staff/mail');
  const listed = admin
    .getByRole('list', { name: 'Messages, newest first' })
    .getByRole('listitem')
    .filter({ hasText: `To ${ADDRESS}` })
    .filter({ has: admin.getByRole('button', { name: subject, exact: true }) });
  await expect(async () => {
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await expect(listed).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await listed.getByRole('button', { name: subject, exact: true }).click();
  const message = admin.getByRole('article', { name: subject });
  await expect(message).toContainText(`Hello ${STUDENT.firstName},`);
  return message;
}

/** Where the e-mail's one link (its button, in the HTML part) leads. */
async function mailLink(admin: Page, subject: string, label: string): Promise<string> {
  const html = admin.frameLocator(`iframe[title="${subject}, as HTML"]`);
  const href = await html.getByRole('link', { name: label, exact: true }).getAttribute('href');
  if (!href) throw new Error(`the e-mail "${subject}" has no link "${label}"`);
  return href;
}

test('[NOTIFICATIONS] a staff reply e-mails a link that opens it; a document sent back e-mails the reason', async ({
  browser,
}) => {
  // Two staff browsers, the student's onboarding, and four e-mails waited for.
  test.setTimeout(150_000);
  const student = await onboardedStudentPage(browser, STUDENT);
  await student.goto('/messages');
  await student.getByRole('button', { name: 'New Message' }).click();
  const compose = student.getByRole('form', { name: 'New message' });
  await compose.getByRole('combobox', { name: 'To' }).selectOption('Admissions Office');
  await compose.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
  await compose.getByRole('textbox', { name: 'Message' }).fill('Is my I-20 on its way?');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(student.getByRole('status').filter({ hasText: 'Message sent' })).toHaveText(
    'Message sent to Admissions Office.',
  );

  const admin = await (await browser.newContext()).newPage();
  await tryAs(admin, 'administrator');
  await admin
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Inbox' })
    .click();
  await admin
    .getByRole('list', { name: 'Conversations' })
    .getByRole('listitem')
    .filter({ hasText: SUBJECT })
    .getByRole('link', { name: SUBJECT })
    .click();
  const form = admin.getByRole('form', { name: 'Reply' });
  await form.getByLabel('Your reply').fill(REPLY);
  await form.getByRole('button', { name: 'Send reply' }).click();
  await expect(form.getByRole('status')).toHaveText(/^Reply sent\./);

  const replied = 'Admissions Office replied to your message';
  const replyMail = await openMail(admin, replied);
  // What happened and where to read it; never the reply itself.
  await expect(replyMail).not.toContainText(REPLY);
  const readIt = await mailLink(admin, replied, 'Read the reply');
  expect(readIt).toBe(new URL('/messages', student.url()).href);
  await student.goto(readIt);
  await expect(
    student
      .getByRole('list', { name: `Replies to ${SUBJECT}` })
      .getByRole('article', { name: `Re: ${SUBJECT}` }),
  ).toContainText(REPLY);

  const officer = await (await browser.newContext()).newPage();
  await tryAs(officer, 'school officer');
  await searchStudents(officer, 'Search students', NAME);
  await officer.getByRole('link', { name: NAME }).click();
  await officer.getByRole('tab', { name: 'Applications' }).click();
  const checklist = officer.getByRole('region', {
    name: /^Required documents: Lakeshore State University/,
  });
  await checklist.getByRole('button', { name: 'Add request' }).click();
  const request = checklist.getByRole('form', { name: 'Add a request' });
  await request.getByLabel('Document').selectOption(TITLE);
  await request.getByRole('button', { name: 'Add the request' }).click();
  await expect(checklist.getByRole('listitem', { name: TITLE })).toContainText('Requested');

  const asked = `Please upload: ${TITLE}`;
  await openMail(admin, asked);
  await student.goto(await mailLink(admin, asked, 'Upload it'));
  const studentsRequest = student
    .getByRole('region', { name: 'Required documents' })
    .getByRole('article', { name: TITLE });
  await student
    .getByLabel(`Choose a file for ${TITLE}`)
    .setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(studentsRequest.getByText('Waiting for review')).toBeVisible();

  await officer.reload();
  await officer.getByRole('tab', { name: 'Applications' }).click();
  const requested = checklist.getByRole('listitem', { name: TITLE });
  await requested.getByRole('button', { name: /^Reject/ }).click();
  await requested.getByRole('radio', { name: 'Unreadable' }).check();
  await requested.getByRole('button', { name: 'Send back' }).click();
  await expect(requested).toContainText('Needs re-upload');

  const sentBack = `Please upload your ${TITLE} again`;
  const rejection = await openMail(admin, sentBack);
  await expect(rejection).toContainText('The reason: Unreadable');
  expect(await mailLink(admin, sentBack, 'Upload it again')).toBe(student.url());
  await Promise.all([student, admin, officer].map((page) => page.context().close()));
});
