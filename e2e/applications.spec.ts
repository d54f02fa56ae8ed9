import { expect, test, type Page } from '@playwright/test';
import { signInWithDemo } from './support/demo-session.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';

/**
 * [APPLICATIONS] The applications list and an application's page against the real server: the
 * demo-login student (Priya) has three seeded applications. Documents are uploaded to the server
 * for real and read back. Each demo login is a student of its own (a fresh copy of Priya), so a
 * test starts with no documents and sees only what it uploads.
 */

/** A real 1x1 PNG, so the preview can show that the image decoded. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

async function openApplication(page: Page, university: string) {
  await signInWithDemo(page);
  await page.goto('/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await page.getByRole('link', { name: university }).click();
  await expect(page.getByRole('heading', { level: 1, name: university })).toBeVisible();
}

/**
 * The spec's documents list: "Documents", or "Other documents" on an application the school asked
 * for documents on (the seed's Lakeshore one), where it holds the files outside the requests.
 */
const documentsArea = (page: Page) =>
  page.getByRole('region', { name: /^(Other documents|Documents)$/ });
const documentRow = (page: Page, fileName: string) =>
  documentsArea(page).getByRole('listitem').filter({ hasText: fileName });
const chooseFile = (page: Page, name: string, mimeType: string, buffer: Buffer) =>
  documentsArea(page)
    .getByLabel('Choose a document to upload')
    .setInputFiles({ name, mimeType, buffer });

test.describe('[APPLICATIONS] the list', () => {
  test('shows each application with its status and progress', async ({ page }) => {
    await signInWithDemo(page);
    await page.goto('/applications');

    const card = (university: string) => page.getByRole('article', { name: university });
    for (const [university, label, progress] of [
      ['Lakeshore State University', 'Accepted', '100'],
      ['Northfield Institute of Technology', 'Under Review', '75'],
      ['Pacific Crest College', 'Documents Required', '50'],
    ] as const) {
      await expect(card(university)).toContainText(label);
      await expect(card(university).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
        'aria-valuenow',
        progress,
      );
    }
  });
});

test.describe('[APPLICATIONS] an application and its documents', () => {
  test('shows the status notice, and an unknown id shows Application Not Found', async ({
    page,
  }) => {
    await openApplication(page, 'Pacific Crest College');
    await expect(
      page.getByText(
        'Additional documents are required for your application. Please upload them as soon as possible.',
      ),
    ).toBeVisible();

    await page.goto('/application/999999');
    await expect(page.getByRole('heading', { name: 'Application Not Found' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Back to Dashboard' }).last().click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a PDF and an image uploaded are listed after a reload, previewed, and deleted', async ({
    page,
  }) => {
    const pdfName = 'bank-statement.pdf';
    const pngName = 'passport-photo.png';
    await openApplication(page, 'Lakeshore State University');
    await expect(documentsArea(page).getByText('No other documents')).toBeVisible();
    // A demo student's uploads do not stay: the screen says so beside the allowed types.
    await expect(
      documentsArea(page).getByText('This is a demo: files you upload are deleted after a day.'),
    ).toBeVisible();
    await expect(documentsArea(page).getByText('PDF, JPG or PNG, up to 10 MB.')).toBeVisible();

    await chooseFile(page, pdfName, 'application/pdf', PDF);
    await expect(documentsArea(page).getByRole('status').first()).toHaveText(
      `${pdfName} uploaded.`,
    );
    await expect(documentRow(page, pdfName)).toBeVisible();
    await chooseFile(page, pngName, 'image/png', PNG_1X1);
    await expect(documentRow(page, pngName)).toBeVisible();

    await page.reload();
    await expect(documentRow(page, pdfName)).toContainText('PDF');
    await expect(documentRow(page, pngName)).toBeVisible();

    await documentRow(page, pngName).getByRole('button', { name: /View/ }).click();
    const preview = page.getByRole('dialog', { name: pngName });
    const image = preview.getByRole('img', { name: pngName });
    await expect(image).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await preview.getByRole('button', { name: 'Close preview' }).click();
    await expect(preview).toBeHidden();

    await documentRow(page, pdfName).getByRole('button', { name: /View/ }).click();
    const pdfPreview = page.getByRole('dialog', { name: pdfName });
    await expect(pdfPreview.locator('iframe')).toHaveAttribute('src', /^blob:/);
    await pdfPreview.getByRole('button', { name: 'Close preview' }).click();

    for (const name of [pdfName, pngName]) {
      await documentRow(page, name)
        .getByRole('button', { name: /Delete/ })
        .click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Document' });
      await expect(confirm).toContainText(
        'Are you sure you want to delete this document? This action cannot be undone.',
      );
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(documentRow(page, name)).toHaveCount(0);
    }
    await page.reload();
    await expect(documentsArea(page).getByText('No other documents')).toBeVisible();
  });

  test('cancelling a delete keeps the document', async ({ page }) => {
    const name = 'keep-me.pdf';
    await openApplication(page, 'Lakeshore State University');
    await chooseFile(page, name, 'application/pdf', PDF);
    await expect(documentRow(page, name)).toBeVisible();

    await documentRow(page, name)
      .getByRole('button', { name: /Delete/ })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Delete Document' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await page.reload();
    await expect(documentRow(page, name)).toBeVisible();

    await documentRow(page, name)
      .getByRole('button', { name: /Delete/ })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Delete Document' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(documentRow(page, name)).toHaveCount(0);
  });

  test('the type and size messages of the spec, and the server refusing a disguised file', async ({
    page,
  }) => {
    await openApplication(page, 'Lakeshore State University');

    await chooseFile(page, 'notes.txt', 'text/plain', Buffer.from('hello'));
    await expect(
      documentsArea(page).getByText('Only PDF, JPG, and PNG files are allowed'),
    ).toBeVisible();

    await chooseFile(page, 'scan.pdf', 'application/pdf', Buffer.alloc(10 * 1024 * 1024 + 1, 0x25));
    await expect(documentsArea(page).getByText('File size must be less than 10MB')).toBeVisible();

    // Named and declared as a PDF, but an HTML page: only the server's content check can tell.
    const disguised = 'offer.pdf';
    await chooseFile(page, disguised, 'application/pdf', Buffer.from('<!doctype html><p>hi'));
    await expect(
      documentsArea(page).getByText('Only PDF, JPG, and PNG files are allowed'),
    ).toBeVisible();
    await page.reload();
    await expect(documentsArea(page).getByText('No other documents')).toBeVisible();
  });
});

test.describe('[APPLICATIONS] accessibility and layout', () => {
  test('the list and an application page have no serious violations and fit a 360px phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signInWithDemo(page);
    await page.goto('/applications');
    await expect(page.getByRole('link', { name: 'Pacific Crest College' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('link', { name: 'Pacific Crest College' }).click();
    await expect(documentsArea(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});

test.describe('[PHONE] a document row at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('stacks a long name (two lines at most), its details, then View and Delete across the row', async ({
    page,
  }) => {
    const fileName = `bank-statement-${'january-february-march-'.repeat(4)}2026.pdf`;
    await openApplication(page, 'Pacific Crest College');
    await chooseFile(page, fileName, 'application/pdf', PDF);
    const row = documentRow(page, fileName);
    await expect(row).toBeVisible();

    const name = row.locator(`p[title="${fileName}"]`);
    const view = row.getByRole('button', { name: `View ${fileName}` });
    const remove = row.getByRole('button', { name: `Delete ${fileName}` });
    const [nameBox, viewBox, deleteBox, rowBox] = await Promise.all(
      [name, view, remove, row].map(async (part) => part.boundingBox()),
    );
    if (!nameBox || !viewBox || !deleteBox || !rowBox) throw new Error('a part is not drawn');
    const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(nameBox.height).toBeLessThanOrEqual(2 * lineHeight + 1);
    expect(nameBox.width).toBeGreaterThan(200);
    // The actions under the name, side by side, together as wide as the row.
    expect(viewBox.y).toBeGreaterThan(nameBox.y + nameBox.height);
    expect(deleteBox.y).toBe(viewBox.y);
    expect(deleteBox.x + deleteBox.width - viewBox.x).toBeGreaterThan(rowBox.width - 2);
    expect(viewBox.height).toBeGreaterThanOrEqual(44);
    expect(await horizontalOverflow(page)).toBe(0);
  });
});
