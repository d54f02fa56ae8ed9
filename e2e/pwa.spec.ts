import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signInWithDemo } from './support/demo-session.js';
import { offerInstall } from './support/install-offer.js';
import { horizontalOverflow, seriousViolations } from './support/page-checks.js';
import { controlledByServiceWorker, readEveryCache } from './support/service-worker.js';

/**
 * [PWA] Installable and offline (decision 007) against the production build: the manifest and its
 * icons, the service worker at /sw.js with scope /, the offline bar, a visited dashboard reloaded
 * offline, nothing personal left after logout, the update prompt, the install banner, /pwa-debug.
 */

const OFFLINE_TEXT = "You're offline. Some features may not be available.";
const SW_FILE = new URL('../dist/web/sw.js', import.meta.url);

/** The width and height a PNG's header declares. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test.describe('[PWA] installable and offline', () => {
  // One test rewrites the built worker to publish a new version; the others must not see it.
  test.describe.configure({ mode: 'serial' });

  test('the manifest is valid and every icon it names is a PNG of its stated size', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.json');
    const res = await request.get('/manifest.json');
    expect(res.status()).toBe(200);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'F-1 Student Portal',
      short_name: 'Student Portal',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
      background_color: '#f8fafc',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });

  test('the service worker is registered at /sw.js with scope /, revalidated on every check', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/');
    await controlledByServiceWorker(page);
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready;
      return { scope: r.scope, script: r.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js` });

    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-type']).toContain('javascript');
  });

  test('the offline bar and style come with the connection going and leave when it is back', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/offline/);
    expect(await seriousViolations(page)).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveClass(/offline/);
  });

  test("a visited dashboard reloads offline with the student's last-known data", async ({
    page,
    context,
  }) => {
    await signInWithDemo(page, 'all-done');
    await controlledByServiceWorker(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Minh Anh' })).toBeVisible();
    await expect(page.getByText('Pacific Crest College')).toBeVisible();

    await context.setOffline(true);
    await page.reload();

    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Minh Anh' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Pacific Crest College' }),
    ).toBeVisible();
    await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Consulate Wait Times' }).getByRole('heading', { level: 3 }),
    ).not.toHaveCount(0);

    // Another visited page, reached by the app's own navigation, offline too.
    await page.getByRole('link', { name: 'Applications' }).click();
    await expect(page).toHaveURL(/\/applications$/);
  });

  test('a visited profile reopens offline without its sealed fields, and is edited only whole', async ({
    page,
    context,
  }) => {
    const field = (label: string) =>
      page.getByRole('form', { name: 'Profile' }).getByLabel(label, { exact: true });
    await signInWithDemo(page);
    await controlledByServiceWorker(page);
    await page.goto('/profile');
    await expect(field('Passport number')).toHaveValue('Z7654321');

    await context.setOffline(true);
    await page.reload();

    await expect(field('First name')).toHaveValue('Priya');
    await expect(field('Nationality')).toHaveValue('India');
    await expect(
      page.getByText(/^This is the copy of your profile kept for offline use\./),
    ).toBeVisible();
    for (const label of ['Passport number', 'Date of birth', 'Relationship']) {
      await expect(field(label)).toHaveValue('');
      await expect(field(label)).toHaveAttribute('placeholder', 'Shown when you are online');
    }
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    // The notification settings, never read online, say they could not be loaded: another alert.
    await expect(
      page.getByRole('alert').filter({ hasText: 'This needs an internet connection.' }),
    ).toHaveText('This needs an internet connection. Try again when you are back online.');
    await expect(field('First name')).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);

    // Back online, 'Edit Profile' reads the whole profile before anything can be changed.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(field('Passport number')).toHaveValue('Z7654321');
    await expect(field('Date of birth')).toHaveValue('2001-06-02');
    await expect(field('First name')).toBeEnabled();
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  test('after logout nothing personal is kept: offline, even the old token reads nothing', async ({
    page,
    context,
  }) => {
    await signInWithDemo(page, 'all-done');
    await controlledByServiceWorker(page);
    await page.goto('/dashboard');
    await expect(page.getByText('Pacific Crest College')).toBeVisible();
    const token = await page.evaluate(() => sessionStorage.getItem('jwt_token'));
    expect(
      (await page.evaluate(() => caches.keys())).filter((n) => n.includes('session')),
    ).toHaveLength(1);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(async () =>
        (await page.evaluate(() => caches.keys())).filter((n) => n.includes('session')),
      )
      .toEqual([]);

    // Whoever picks the phone up next, offline, with the old session put back by hand.
    await context.setOffline(true);
    await page.evaluate((t) => {
      if (t) sessionStorage.setItem('jwt_token', t);
    }, token);
    await page.goto('/dashboard');
    await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
    await expect(page.getByText('Pacific Crest College')).toHaveCount(0);
    await expect(page.getByText('Minh Anh')).toHaveCount(0);
  });

  test("a closed tab's offline reads cannot be read from a new tab, nor by any page of the origin", async ({
    page,
    context,
  }) => {
    // Priya, the default demo student: values the seed gives her profile, inbox and applications.
    const personal = [
      'Z7654321',
      '2001-06-02',
      'Sharma',
      'Bank statement needed for your I-20',
      'transcript as one PDF or one file per semester',
      'Lakeshore State University',
    ];
    await signInWithDemo(page);
    await controlledByServiceWorker(page);
    await page.goto('/profile');
    await expect(page.getByLabel('Passport number', { exact: true })).toHaveValue('Z7654321');
    await page.goto('/messages');
    await expect(page.getByText('Bank statement needed for your I-20').first()).toBeVisible();
    await page.goto('/applications');
    await expect(page.getByText('Lakeshore State University').first()).toBeVisible();
    // The worker kept this session's reads, so there is something to find.
    const kept = await readEveryCache(page, []);
    expect(kept.filter((entry) => entry.cache.includes('session')).length).toBeGreaterThan(2);

    // Closing the tab ends the session (its token lived only in sessionStorage).
    await page.close();
    const next = await context.newPage();
    // A page of the origin that is not the app: nothing of the app's own code runs there.
    await next.goto('/robots.txt');
    expect(await next.evaluate(() => sessionStorage.getItem('jwt_token'))).toBeNull();
    const inClear = (await readEveryCache(next, personal)).filter((e) => e.found.length > 0);
    expect(inClear).toEqual([]);

    // The app itself, opened without a session, throws the personal caches away.
    await next.goto('/');
    await expect
      .poll(async () =>
        (await next.evaluate(() => caches.keys())).filter((n) => n.includes('session')),
      )
      .toEqual([]);
  });

  test('a new version asks to refresh, and reloads into it when the student agrees', async ({
    page,
  }) => {
    await page.goto('/');
    await controlledByServiceWorker(page);
    const original = await readFile(SW_FILE, 'utf8');
    try {
      await writeFile(SW_FILE, `${original}\n// a new build ${Date.now()}\n`);
      const dialog = page.waitForEvent('dialog');
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        await registration.update();
      });
      const prompt = await dialog;
      expect(prompt.type()).toBe('confirm');
      expect(prompt.message()).toBe('New version available! Refresh to update?');
      const reloaded = page.waitForEvent('load');
      await prompt.accept();
      await reloaded;
      const activeScript = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return { waiting: registration.waiting !== null, state: registration.active?.state };
      });
      expect(activeScript).toEqual({ waiting: false, state: 'activated' });
    } finally {
      await writeFile(SW_FILE, original);
    }
  });

  test('the install banner and Install App button follow the browser offer; dismissal lasts the session', async ({
    page,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('region', {
      name: 'Install F-1 Student Portal for quick access',
    });
    await expect(banner).toHaveCount(0);

    await offerInstall(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByText('Get faster access and work offline')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Install App' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toHaveCount(0);
    await page.getByRole('button', { name: 'Explore Universities' }).click();
    await expect(page).toHaveURL(/\/waitlist$/);
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Install App' })).toBeVisible();
  });

  test('/pwa-debug shows each check, readable on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await controlledByServiceWorker(page);
    await page.goto('/pwa-debug');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Install Diagnostics' }),
    ).toBeVisible();

    const check = (label: string) =>
      page
        .locator('dl > div')
        .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}`) }) });
    await expect(check('Secure connection')).toContainText('OK');
    await expect(check('Manifest')).toContainText('OK');
    await expect(check('Manifest')).toContainText('F-1 Student Portal, standalone, 3 icons');
    await expect(check('Service worker')).toContainText('OK');
    await expect(check('Service worker')).toContainText('state activated, controls this page');
    await expect(check('Display mode')).toContainText('Browser tab');
    await expect(check('Install prompt')).toContainText('Not offered');
    await expect(check('Connection')).toContainText('Online');
    await expect(check('Offline storage')).toContainText('workbox-precache');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
