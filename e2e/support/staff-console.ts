import { expect, type Page } from '@playwright/test';

/** Signs in to the console as the demo person of a role, as its sign-in page offers in demo mode. */
export async function tryAs(page: Page, role: 'administrator' | 'agent' | 'school officer') {
  await page.goto('/staff/sign-in');
  await page.getByRole('button', { name: `Try as ${role}` }).click();
  await expect(page.getByRole('heading', { name: 'Students', level: 1 })).toBeVisible();
}

/** Searches the student list with one of its two search forms. */
export async function searchStudents(
  page: Page,
  form: 'Search students' | 'Passport number',
  value: string,
) {
  const search = page.getByRole('search', { name: form });
  await search.getByRole('searchbox').fill(value);
  await search.getByRole('searchbox').press('Enter');
}
