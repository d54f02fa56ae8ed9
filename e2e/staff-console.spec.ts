import { expect, test } from '@playwright/test';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';
import { searchStudents, tryAs } from './support/staff-console.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';

/**
 * The staff console's journey: an administrator adds an agent, who enrols a passkey, signs in
 * with it, finds a student of their agency by name and by passport number, reveals the passport
 * number (which the audit log then shows the administrator), and finds another agency's student
 * does not exist for them. The demo administrator shares the seeded people with other journeys
 * and changes no student, so this journey runs alone or beside any other.
 */

const PRIYA_PASSPORT = 'Z7654321';

test('an administrator adds an agent, who enrols, finds and opens a student, and the reveal is audited', async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  await tryAs(admin, 'administrator');
  expect(await seriousViolations(admin)).toEqual([]);

  // Another agency's student, whom the new agent must never see.
  await searchStudents(admin, 'Search students', 'Kwame');
  const kwameHref = await admin.getByRole('link', { name: 'Kwame Mensah' }).getAttribute('href');
  expect(kwameHref).toMatch(/^\/staff\/students\/[0-9a-f-]{36}$/);

  // The administrator adds an agent of the demo agency and is shown the enrolment link once.
  await admin.getByRole('link', { name: 'Team' }).click();
  const agentName = 'Asha Patel';
  const form = admin.getByRole('form', { name: 'Add a staff member' });
  await form.getByLabel('Name').fill(agentName);
  await form.getByLabel('E-mail').fill(`asha.patel.${Date.now()}@example.com`);
  await form.getByLabel('Role').selectOption({ label: 'Agent' });
  await form.getByLabel('Agency').selectOption({ label: 'Bright Horizons Education Consultants' });
  await form.getByRole('button', { name: 'Create account' }).click();
  const enrolmentUrl = await admin.getByLabel('Enrolment link').inputValue();
  expect(enrolmentUrl).toMatch(/\/staff\/enrol#token=[\w-]{43}$/);

  // The agent enrols a passkey with the device's authenticator, and is in the console.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await addVirtualAuthenticator(agent);
  await agent.goto(enrolmentUrl);
  await expect(agent.getByText(agentName).first()).toBeVisible();
  await agent.getByRole('button', { name: 'Create your passkey' }).click();
  await expect(agent.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();

  // Signed out, the agent signs in again with that passkey.
  await agent.getByRole('button', { name: 'Sign out' }).click();
  await agent.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(agent.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
  await expect(agent.getByText(agentName).first()).toBeVisible();

  // The agent finds Priya by name, then by her passport number, and opens her record.
  await searchStudents(agent, 'Search students', 'priya');
  await expect(agent.getByRole('link', { name: 'Priya Sharma' })).toBeVisible();
  await agent.goto('/staff/students');
  await searchStudents(agent, 'Passport number', PRIYA_PASSPORT.toLowerCase());
  await expect(agent.getByRole('link', { name: 'Priya Sharma' })).toBeVisible();
  expect(agent.url()).not.toContain(PRIYA_PASSPORT);
  await agent.getByRole('link', { name: 'Priya Sharma' }).click();
  await expect(agent.getByRole('heading', { name: 'Priya Sharma', level: 1 })).toBeVisible();

  // The passport number stays hidden until the agent asks to see it.
  await agent.getByRole('tab', { name: 'Profile' }).click();
  await expect(agent.getByText(PRIYA_PASSPORT)).toHaveCount(0);
  await agent.getByRole('button', { name: 'Show the passport number' }).click();
  await expect(agent.getByText(PRIYA_PASSPORT)).toBeVisible();
  expect(await seriousViolations(agent)).toEqual([]);

  // Another agency's student does not exist for the agent.
  await agent.goto(kwameHref ?? '/staff/students/none');
  await expect(agent.getByText('No student with this id.')).toBeVisible();

  // The administrator sees the reveal in the audit log, by whom and about whom.
  await admin.getByRole('link', { name: 'Audit log' }).click();
  const reveal = admin.getByRole('row').filter({ hasText: agentName }).filter({
    hasText: 'Personal data shown',
  });
  await expect(reveal.first()).toBeVisible();
  await expect(reveal.first()).toContainText('Priya Sharma');
  await expect(reveal.first()).not.toContainText(PRIYA_PASSPORT);
  await agentContext.close();
});

test('each demo role sees only its own students, on a 360 px screen too', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await tryAs(page, 'agent');
  expect(await horizontalOverflow(page)).toBe(0);
  await searchStudents(page, 'Search students', 'Tunde');
  await expect(page.getByText('No students match', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await tryAs(page, 'school officer');
  await searchStudents(page, 'Search students', 'Minh Anh');
  await expect(page.getByText('No students match', { exact: false })).toBeVisible();
  await searchStudents(page, 'Search students', 'Tunde');
  await expect(page.getByRole('link', { name: 'Tunde Adebayo' })).toBeVisible();
});
