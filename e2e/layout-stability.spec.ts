import { expect, test, type Page } from '@playwright/test';
import { signInWithDemo } from './support/demo-session.js';

/**
 * [STABILITY] Nothing on a student page moves as its data arrives late (cumulative layout shift
 * at most 0.05, docs/performance.md): every answer of the API is held back, as a slow phone
 * network would, and the page's layout shifts are summed from the browser's own `layout-shift`
 * entries while it loads, on a 360 px phone. The sum is stricter than Lighthouse's CLS, which
 * counts the worst window of shifts only.
 */

const MOST_SHIFT = 0.05;
/** Long enough that the page's first paint is its loading state, as on a slow network. */
const API_DELAY_MS = 1_500;

test.use({ viewport: { width: 360, height: 800 }, serviceWorkers: 'block' });

interface Shift {
  value: number;
  /** The elements that moved, as `tag.class "text"` (their start), to find what to fix. */
  sources: string[];
}

/** Starts keeping the page's layout shifts before any script of it runs. */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const kept: unknown[] = [];
    Object.assign(window, { layoutShifts: kept });
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName);
      const text = node.textContent.trim().slice(0, 40);
      const classes = (node.getAttribute('class') ?? '').slice(0, 60);
      return `${node.tagName.toLowerCase()}.${classes} "${text}"`;
    };
    new PerformanceObserver((list) => {
      // LayoutShift is not in TypeScript's DOM types yet.
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        kept.push({ value: entry.value, sources: entry.sources.map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function delayApiAnswers(page: Page): Promise<void> {
  await page.route('**/api/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.continue();
  });
}

/** The shifts so far, once the last frames have been reported. */
async function layoutShifts(page: Page): Promise<Shift[]> {
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)));
      }),
  );
  return page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
}

const total = (shifts: Shift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

/** Opens `path` signed in, with the API slow, and waits for what shows its data has arrived. */
async function openSlowly(page: Page, path: string, loaded: (page: Page) => Promise<void>) {
  await signInWithDemo(page);
  await recordLayoutShifts(page);
  await delayApiAnswers(page);
  await page.goto(path);
  await loaded(page);
}

const PAGES: { path: string; loaded: (page: Page) => Promise<void> }[] = [
  {
    path: '/messages',
    loaded: async (page) => {
      await expect(page.getByRole('list', { name: 'Messages' })).toBeVisible();
    },
  },
  {
    path: '/help',
    loaded: async (page) => {
      await expect(page.getByRole('region', { name: 'Your University' })).toContainText(
        'Lakeshore State University',
      );
      await expect(page.getByRole('region', { name: 'Your Agency' })).not.toContainText('Loading');
      await expect(page.getByRole('region', { name: 'Product Support' })).toBeVisible();
    },
  },
  {
    path: '/dashboard',
    loaded: async (page) => {
      await expect(page.getByText(/^Showing \d+ of \d+ consulates$/)).toBeVisible();
      await expect(page.getByRole('link', { name: /Messages, \d+ unread/ }).first()).toBeAttached();
    },
  },
  {
    path: '/profile',
    loaded: async (page) => {
      await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add a passkey' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Notifications' }).getByRole('checkbox').first(),
      ).toBeVisible();
    },
  },
  {
    // The browser's fake camera answers the check (playwright.config.ts).
    path: '/moi',
    loaded: async (page) => {
      await expect(page.getByRole('button', { name: 'Start Interview Process' })).toBeEnabled();
    },
  },
];

test.describe('[STABILITY] content does not jump as late data arrives, at 360 px', () => {
  for (const { path, loaded } of PAGES) {
    test(`${path} shifts by at most ${MOST_SHIFT}`, async ({ page }) => {
      await openSlowly(page, path, loaded);

      const shifts = await layoutShifts(page);

      expect(total(shifts), JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(MOST_SHIFT);
    });
  }
});
