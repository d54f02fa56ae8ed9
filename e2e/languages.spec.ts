import { expect, test, type Page } from '@playwright/test';
import { signInWithDemo } from './support/demo-session.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';

const ARABIC_TITLE = 'ابدأ دراستك في الولايات المتحدة';
const SPANISH_TITLE = 'Empieza tus estudios en Estados Unidos';

/** A mark on the page's window: it survives anything but a reload. */
const markWindow = (page: Page) =>
  page.evaluate(() => {
    (window as Window & { languageMark?: string }).languageMark = 'still here';
  });
const windowMark = (page: Page) =>
  page.evaluate(() => (window as Window & { languageMark?: string }).languageMark);

test.describe('[LANGUAGES] the student side in the reader’s language', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test.describe('a browser set to Arabic', () => {
    test.use({ locale: 'ar-EG' });

    test('shows the welcome page in Arabic, right to left, within a phone’s width', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARABIC_TITLE);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.getByRole('button', { name: 'المتابعة برمز الدعوة' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'اللغة' })).toHaveValue('ar');
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath('welcome-ar-360.png') });
    });
  });

  test('a language chosen on the welcome page shows without a reload and stays after one', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Start your studies in the United States',
    );
    await markWindow(page);

    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Español' });

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SPANISH_TITLE);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(await windowMark(page)).toBe('still here');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SPANISH_TITLE);
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(await windowMark(page)).toBeUndefined();
  });

  test('a language whose texts cannot be fetched says so and leaves the page as it was', async ({
    page,
  }) => {
    await page.route('**/assets/catalogue-web-es-*', (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Start your studies in the United States',
    );

    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Español' });

    await expect(
      page.getByRole('status').filter({ hasText: 'Language not changed' }),
    ).toContainText('This language could not be loaded.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Start your studies in the United States',
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();
  });

  test('a signed-in student’s choice is kept on their account', async ({ page }) => {
    await signInWithDemo(page, 'all-done');
    await page.goto('/dashboard');
    const selector = page.getByRole('combobox', { name: 'Language' });
    await expect(selector).toBeVisible();

    await selector.selectOption({ label: 'العربية' });

    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('button', { name: 'تسجيل الخروج' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: test.info().outputPath('dashboard-ar-360.png') });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const res = await fetch('/api/language', {
            headers: { Authorization: `Bearer ${sessionStorage.getItem('jwt_token')}` },
          });
          return ((await res.json()) as { language: string }).language;
        }),
      )
      .toBe('ar');
  });
});
