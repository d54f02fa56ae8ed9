import { expect, test, type Page } from '@playwright/test';
import { signInWithDemo } from './support/demo-session.js';
import { offerInstall } from './support/install-offer.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';

/**
 * [PROFILE] The profile form of /profile against the real server: view mode, edit, every rule of
 * spec section 5 shown under its field, save, and the saved values after a reload. It edits Lucas
 * ('sevis-due'), its own copy of him as every demo login gets; sign-in is over the API, as the app
 * itself stores a session, since the login is not what is tested here.
 */

const form = (page: Page) => page.getByRole('form', { name: 'Profile' });
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
/** The error text FormField puts under a field, found through the field's aria-describedby. */
const errorUnder = (page: Page, label: string) =>
  form(page)
    .locator('[data-slot="form-field"]')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('[data-slot="form-field-error"]');

async function openProfile(page: Page) {
  await signInWithDemo(page, 'sevis-due');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(field(page, 'First name')).toHaveValue('Lucas');
}

test.describe('[PROFILE] the profile form', () => {
  test('edit, see each rule, save, reload and see the saved values', async ({ page }) => {
    // Every field of the form, twice over, and an accessibility scan: longer than most journeys.
    test.slow();
    await openProfile(page);

    // View mode: the record's values, every field disabled, no Save.
    await expect(field(page, 'Passport number')).toHaveValue('FT998877');
    await expect(field(page, 'Nationality')).toHaveValue('Brazil');
    await expect(field(page, 'Country')).toHaveValue('United States');
    await expect(field(page, 'First name')).toBeDisabled();
    await expect(field(page, 'Relationship')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(field(page, 'First name')).toBeFocused();
    const save = page.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled();

    // Break every rule at once.
    for (const label of [
      'First name',
      'Last name',
      'Date of birth',
      'Street address',
      'City',
      'State or province',
      'Nationality',
      'Passport number',
      'Intended major',
      'Emergency contact name',
      'Emergency contact phone',
      'Country',
    ]) {
      await field(page, label).fill('');
    }
    await field(page, 'Email').fill('lucas@');
    await field(page, 'Phone number').fill('555 0142');
    await field(page, 'ZIP or postal code').fill('0142');
    for (const label of [
      'Visa status',
      'Current education level',
      'English proficiency',
      'Relationship',
    ]) {
      await field(page, label).selectOption('');
    }
    await expect(save).toBeEnabled();
    await save.click();

    const rules: [string, string][] = [
      ['First name', 'First name is required'],
      ['Last name', 'Last name is required'],
      ['Email', 'Invalid email address'],
      ['Phone number', 'Phone number must be at least 10 digits'],
      ['Date of birth', 'Date of birth is required'],
      ['Nationality', 'Nationality is required'],
      ['Passport number', 'Passport number is required'],
      ['Street address', 'Street address is required'],
      ['City', 'City is required'],
      ['State or province', 'State is required'],
      ['ZIP or postal code', 'ZIP code must be at least 5 digits'],
      ['Country', 'Country is required'],
      ['Visa status', 'Visa status is required'],
      ['Current education level', 'Education level is required'],
      ['Intended major', 'Intended major is required'],
      ['English proficiency', 'English proficiency is required'],
      ['Emergency contact name', 'Emergency contact name is required'],
      ['Emergency contact phone', 'Emergency contact phone is required'],
      ['Relationship', 'Relationship is required'],
    ];
    for (const [label, message] of rules) {
      await expect(errorUnder(page, label), label).toHaveText(message);
      await expect(field(page, label), label).toHaveAttribute('aria-invalid', 'true');
    }
    // Summed up at the top, where the keyboard goes; each error leads to its field.
    const summary = page.getByRole('region', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveCount(rules.length);
    await summary.getByRole('link', { name: 'City is required' }).click();
    await expect(field(page, 'City')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);

    // Now a whole, valid profile, the selects included.
    const values: [string, string][] = [
      ['First name', 'Lucas'],
      ['Last name', 'Oliveira'],
      ['Email', 'lucas.o@example.com'],
      ['Phone number', '+55 81 99555 0142'],
      ['Date of birth', '1999-11-30'],
      ['Nationality', 'Brazil'],
      ['Passport number', 'FT998877'],
      ['Street address', 'Rua da Aurora 120'],
      ['City', 'Recife'],
      ['State or province', 'Pernambuco'],
      ['ZIP or postal code', '50050-000'],
      ['Country', 'Brazil'],
      ['Intended major', 'Mechanical Engineering'],
      ['Emergency contact name', 'Ana Oliveira'],
      ['Emergency contact phone', '+55 81 99555 0199'],
      ['Medical conditions (optional)', 'Peanut allergy'],
    ];
    for (const [label, value] of values) await field(page, label).fill(value);
    const choices: [string, string][] = [
      ['Visa status', 'F-1'],
      ['Current education level', "Bachelor's Degree"],
      ['English proficiency', 'TOEFL-iBT-80-99'],
      ['Relationship', 'Sibling'],
      ['Housing preference (optional)', 'Shared Housing'],
    ];
    for (const [label, option] of choices) await field(page, label).selectOption(option);
    await expect(errorUnder(page, 'City')).toHaveCount(0);

    const saved = page.waitForResponse(
      (res) => res.request().method() === 'PUT' && res.url().endsWith('/api/profile'),
    );
    await save.click();
    expect((await saved).status()).toBe(200);
    await expect(
      page.getByRole('status').filter({ hasText: 'Your profile has been saved.' }),
    ).toBeVisible();
    await expect(field(page, 'City')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeFocused();

    await page.reload();
    await expect(field(page, 'City')).toHaveValue('Recife');
    for (const [label, value] of values) await expect(field(page, label), label).toHaveValue(value);
    for (const [label, option] of choices)
      await expect(field(page, label), label).toHaveValue(option);
  });

  test('Cancel puts back the saved values', async ({ page }) => {
    await openProfile(page);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const nationality = await field(page, 'Nationality').inputValue();
    await field(page, 'Nationality').fill('Portugal');

    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(field(page, 'Nationality')).toHaveValue(nationality);
    await expect(field(page, 'Nationality')).toBeDisabled();
  });

  test('fits a 360px phone, in view and edit mode', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openProfile(page);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test.describe('on a 360px phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('unsaved edits ask before leaving; a failed save shows its summary in view', async ({
      page,
    }) => {
      // Arrived within the app, as a student does: Back is then the app's own, not a new page.
      await signInWithDemo(page, 'sevis-due');
      await page.goto('/dashboard');
      await page.locator('[data-bottom-nav]').getByRole('link', { name: 'Profile' }).click();
      await expect(field(page, 'First name')).toHaveValue('Lucas');
      await offerInstall(page);
      const installApp = page.getByRole('button', { name: 'Install App' });
      await expect(installApp).toBeVisible();

      await page.getByRole('button', { name: 'Edit Profile' }).click();
      // The Save bar sits at the bottom of the screen: the floating button gives it room.
      await expect(installApp).toBeHidden();
      await field(page, 'City').fill('Olinda');

      const bottomNav = page.locator('[data-bottom-nav]');
      await bottomNav.getByRole('link', { name: 'Home' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Leave without saving?' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Keep Editing' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(field(page, 'City')).toHaveValue('Olinda');

      // A failed save: the summary at the top, in view, with the keyboard on it.
      await field(page, 'First name').fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const summary = page.getByRole('region', { name: 'There is a problem' });
      await expect(summary).toBeFocused();
      await expect(summary).toBeInViewport();
      await summary.getByRole('link', { name: 'First name is required' }).click();
      await expect(field(page, 'First name')).toBeFocused();
      await expect(field(page, 'First name')).toBeInViewport();
      expect(await horizontalOverflow(page)).toBe(0);

      await page.evaluate(() => {
        window.history.back();
      });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Leave Without Saving' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/profile');
      await expect(field(page, 'City')).not.toHaveValue('Olinda');
    });
  });
});
