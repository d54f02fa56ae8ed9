import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page } from '@playwright/test';
import { onboardingStudentsFile } from './onboarding-students-file.mjs';
import { addVirtualAuthenticator } from './virtual-authenticator.js';

export interface OnboardingStudent {
  journey: string;
  firstName: string;
  lastName: string;
  /** Where the portal e-mails them (the e2e server's students have one). */
  email?: string;
  passportNumber: string;
  dateOfBirth: string;
  inviteCode: string;
}

/**
 * The onboarding student of one journey, with the invite code the end-to-end server gave them
 * (scripts/e2e-server.mjs). Nobody else onboards them, so the journey may change them for good.
 */
export function onboardingStudent(
  journey:
    | 'identity'
    | 'onboarding'
    | 'i20'
    | 'messages'
    | 'moi'
    | 'student-data'
    | 'bulk'
    | 'documents'
    | 'notifications'
    | 'recovery',
): OnboardingStudent {
  // As playwright.config.ts reads it.
  const port = process.env.E2E_PORT ?? '5187';
  const students = JSON.parse(
    readFileSync(onboardingStudentsFile(port), 'utf8'),
  ) as OnboardingStudent[];
  const student = students.find((s) => s.journey === journey);
  if (!student?.inviteCode) throw new Error(`The e2e server added no ${journey} student.`);
  return student;
}

/**
 * Takes the student the whole way in, as the onboarding journey does step by step: the invite's
 * details, the simulated identity check approved, a passkey from the page's virtual
 * authenticator (which the caller adds); ends on their dashboard.
 */
export async function onboard(page: Page, student: OnboardingStudent): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue with Invite Code' }).click();
  await page.getByLabel('Invite code').fill(student.inviteCode);
  await page.getByLabel('Passport number').fill(student.passportNumber);
  await page.getByLabel('Date of birth').fill(student.dateOfBirth);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Start Identity Verification' }).click();
  const provider = page.frameLocator('iframe[title="Identity verification (simulated provider)"]');
  await provider.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('button', { name: 'Create Passkey' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${student.firstName}` })).toBeVisible();
}

/** A new browser of the student's own (a virtual authenticator in it), onboarded onto their dashboard. */
export async function onboardedStudentPage(
  browser: Browser,
  student: OnboardingStudent,
): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await addVirtualAuthenticator(page);
  await onboard(page, student);
  return page;
}
