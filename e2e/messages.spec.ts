import { expect, test, type Page } from '@playwright/test';
import { signInWithDemo } from './support/demo-session.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';

/**
 * [MESSAGES] The inbox and compose of /messages against the real server and its demo data: the
 * demo-login student (Priya) has one unread message, one read and one she sent. Each demo login
 * is a student of its own (a fresh copy of Priya), so each test starts from those three and sees
 * only what it sends. Sign-in is over the API, as the app itself stores a session, since the
 * login is not what is tested here.
 */

const UNREAD_SUBJECT = 'Bank statement needed for your I-20';

async function openMessages(page: Page) {
  await signInWithDemo(page);
  await page.goto('/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(messageList(page)).toBeVisible();
}

const messageList = (page: Page) => page.getByRole('list', { name: 'Messages' });
const message = (page: Page, subject: string) =>
  messageList(page).getByRole('article', { name: subject });
const compose = (page: Page) => page.getByRole('form', { name: 'New message' });

test.describe('[MESSAGES] the inbox', () => {
  test("reading the seeded unread message takes its 'New' badge away, for good", async ({
    page,
  }) => {
    await openMessages(page);
    const unread = message(page, UNREAD_SUBJECT);
    await expect(unread).toContainText('From: Lakeshore State University Admissions');
    await expect(unread).toContainText('2 days ago');
    await expect(unread.getByText('New', { exact: true })).toBeVisible();
    const patched = page.waitForResponse(
      (res) => res.request().method() === 'PATCH' && /\/api\/messages\/\d+\/read$/.test(res.url()),
    );

    await unread.getByRole('button', { name: 'Mark as Read' }).click();

    await expect(unread.getByText('New', { exact: true })).toHaveCount(0);
    await expect(unread.getByRole('button', { name: 'Mark as Read' })).toHaveCount(0);
    await expect(page.getByText('Message marked as read.')).toBeAttached();
    expect((await patched).status()).toBe(200);

    await page.reload();
    await expect(message(page, UNREAD_SUBJECT)).toBeVisible();
    await expect(message(page, UNREAD_SUBJECT).getByText('New', { exact: true })).toHaveCount(0);
    await expect(
      message(page, UNREAD_SUBJECT).getByRole('button', { name: 'Mark as Read' }),
    ).toHaveCount(0);
  });

  test('Back to Dashboard leads home', async ({ page }) => {
    await openMessages(page);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

const newMessage = (page: Page) => page.getByRole('button', { name: 'New Message' });
const sentResult = (page: Page) => page.getByRole('status').filter({ hasText: 'Message sent' });

test.describe('[MESSAGES] a new message', () => {
  test('sent to the International Student Office, trimmed, and still there after a reload', async ({
    page,
  }) => {
    const subject = 'OPT start date';
    await openMessages(page);
    await expect(messageList(page).getByRole('article')).toHaveCount(3);
    await newMessage(page).click();
    const form = compose(page);

    await form.getByRole('combobox', { name: 'To' }).selectOption('International Student Office');
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await form
      .getByRole('textbox', { name: 'Message' })
      .fill('   When is the earliest I can apply for OPT?   ');
    await form.getByRole('button', { name: 'Send' }).click();

    await expect(sentResult(page)).toHaveText('Message sent to International Student Office.');
    await expect(form).toHaveCount(0);
    await expect(message(page, subject)).toContainText('To: International Student Office');
    await expect(message(page, subject).getByText('Sent', { exact: true })).toBeVisible();

    await page.reload();
    await expect(messageList(page).getByRole('article')).toHaveCount(4);
    const stored = message(page, subject);
    await expect(stored).toContainText('To: International Student Office');
    await expect(stored).toContainText('Just now');
    await expect(stored.locator('p', { hasText: 'When is the earliest' })).toHaveText(
      'When is the earliest I can apply for OPT?',
    );
  });

  test('cannot be sent while the text is blank', async ({ page }) => {
    await openMessages(page);
    await newMessage(page).click();
    const form = compose(page);
    const send = form.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();

    await form.getByRole('textbox', { name: 'Subject' }).fill('A subject alone');
    await form.getByRole('textbox', { name: 'Message' }).fill('  \n   ');

    await expect(send).toBeDisabled();
    await form.getByRole('textbox', { name: 'Message' }).fill('Now there is text');
    await expect(send).toBeEnabled();
  });
});

test.describe('[PHONE] messages at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a reply is written in a sheet over the page, and its result shows where the student is looking', async ({
    page,
  }) => {
    await openMessages(page);
    const received = message(page, 'Congratulations on your admission');
    // Far down the inbox, where a student replies from.
    await received.getByRole('button', { name: 'Reply' }).scrollIntoViewIfNeeded();
    await received.getByRole('button', { name: 'Reply' }).click();

    const sheet = page.getByRole('dialog', { name: 'Reply' });
    await expect(sheet).toBeInViewport();
    // Admissions wrote it ("Lakeshore State University Admissions"): the reply goes back there.
    await expect(sheet.getByRole('combobox', { name: 'To' })).toHaveValue('Admissions Office');
    await expect(sheet.getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Re: Congratulations on your admission',
    );
    await sheet.getByRole('textbox', { name: 'Message' }).fill('Thank you! I accept.');
    await sheet.getByRole('button', { name: 'Send' }).click();

    await expect(sheet).toHaveCount(0);
    await expect(sentResult(page)).toHaveText('Message sent to Admissions Office.');
    await expect(sentResult(page)).toBeInViewport();
    await expect(sentResult(page)).toBeFocused();
    await expect(messageList(page).getByRole('article').first()).toContainText(
      'Re: Congratulations on your admission',
    );
  });

  test('the unread count is on the Messages tab and the dashboard, and goes once the message is read', async ({
    page,
  }) => {
    await signInWithDemo(page);
    await page.goto('/dashboard');
    const notice = page.getByRole('link', { name: 'You have 1 unread message' });
    await expect(notice).toBeVisible();
    const tab = page.getByRole('navigation', { name: 'Portal' }).getByRole('link', {
      name: 'Messages, 1 unread',
    });
    await expect(tab).toBeVisible();

    await notice.click();
    await expect(page).toHaveURL(/\/messages$/);
    await message(page, UNREAD_SUBJECT).getByRole('button', { name: 'Mark as Read' }).click();

    await expect(
      page
        .getByRole('navigation', { name: 'Portal' })
        .getByRole('link', { name: 'Messages', exact: true }),
    ).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Portal' })
      .getByRole('link', { name: 'Home' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome,? Priya/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /unread message/ })).toHaveCount(0);
  });
});

test.describe('[MESSAGES] accessibility and layout', () => {
  test('has no serious or critical accessibility violations', async ({ page }) => {
    await openMessages(page);

    expect(await seriousViolations(page)).toEqual([]);
  });

  test('fits a 360px-wide phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openMessages(page);

    const overflow = await horizontalOverflow(page);
    expect(overflow).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
