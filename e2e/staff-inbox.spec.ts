import { expect, test } from '@playwright/test';
import { onboard, onboardingStudent } from './support/onboarding-students.js';
import { seriousViolations } from './support/page-checks.js';
import { controlledByServiceWorker } from './support/service-worker.js';
import { tryAs } from './support/staff-console.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';

/**
 * [STAFF INBOX] A student writes to an office from /messages; the agent who brought her finds it
 * in the console's inbox, unread, opens it and replies; the student, signed in on another device,
 * reads the reply under her message, and again offline from the copy the app keeps. The student
 * is this journey's own onboarding student, brought by the demo agency's agent
 * (e2e/support/onboarding-students.ts), so it runs alone or beside any other.
 */
const STUDENT = onboardingStudent('messages');
const SUBJECT = 'My bank statement';
const REPLY = 'Thank you, Sofia. We received your bank statement and will review it this week.';

test('[STAFF INBOX] an agent replies in the console and the student reads it under her message', async ({
  browser,
}) => {
  // Two browsers, an onboarding and three accessibility checks: more than one page's journey.
  test.slow();
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await addVirtualAuthenticator(student);
  await onboard(student, STUDENT);
  await controlledByServiceWorker(student);
  await student.goto('/messages');
  await student.getByRole('button', { name: 'New Message' }).click();
  const compose = student.getByRole('form', { name: 'New message' });
  await compose.getByRole('combobox', { name: 'To' }).selectOption('Admissions Office');
  await compose.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
  await compose
    .getByRole('textbox', { name: 'Message' })
    .fill('I uploaded my bank statement today. Is anything else missing?');
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(student.getByRole('status').filter({ hasText: 'Message sent' })).toHaveText(
    'Message sent to Admissions Office.',
  );

  const agent = await (await browser.newContext()).newPage();
  await tryAs(agent, 'agent');
  await agent
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Inbox' })
    .click();
  const conversations = agent.getByRole('list', { name: 'Conversations' });
  const listed = conversations.getByRole('listitem').filter({ hasText: SUBJECT });
  await expect(listed).toContainText(
    `From ${STUDENT.firstName} ${STUDENT.lastName} to Admissions Office`,
  );
  await expect(listed.getByText('Unread', { exact: true })).toBeVisible();
  expect(await seriousViolations(agent)).toEqual([]);

  await listed.getByRole('link', { name: SUBJECT }).click();
  await expect(agent.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();
  await expect(agent.getByText('Is anything else missing?')).toBeVisible();
  const form = agent.getByRole('form', { name: 'Reply' });
  await expect(form).toContainText('The student reads it from Admissions Office.');
  await form.getByLabel('Your reply').fill(REPLY);
  await form.getByRole('button', { name: 'Send reply' }).click();
  await expect(form.getByRole('status')).toHaveText(/^Reply sent\./);
  await expect(
    agent
      .getByRole('list', { name: 'Replies' })
      .getByRole('article', { name: 'Reply from Admissions Office' }),
  ).toContainText(REPLY);
  expect(await seriousViolations(agent)).toEqual([]);

  // Opened and answered, the message is read in the inbox.
  await agent.getByRole('link', { name: 'Back to the inbox' }).click();
  await expect(listed.getByText('1 reply', { exact: true })).toBeVisible();
  await expect(listed.getByText('Unread', { exact: true })).toHaveCount(0);

  // The student's next read of /messages shows the reply under her message, new.
  await student.reload();
  const replies = student.getByRole('list', { name: `Replies to ${SUBJECT}` });
  const reply = replies.getByRole('article', { name: `Re: ${SUBJECT}` });
  await expect(reply).toContainText('From: Admissions Office');
  await expect(reply).toContainText(REPLY);
  await expect(reply.getByText('New', { exact: true })).toBeVisible();
  expect(await seriousViolations(student)).toEqual([]);

  // Offline, the copy the app keeps shows the same conversation.
  await studentContext.setOffline(true);
  await student.reload();
  await expect(replies.getByRole('article', { name: `Re: ${SUBJECT}` })).toContainText(REPLY);
  await studentContext.setOffline(false);

  await reply.getByRole('button', { name: 'Mark as Read' }).click();
  await expect(reply.getByText('New', { exact: true })).toHaveCount(0);
});
