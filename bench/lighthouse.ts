/**
 * Lighthouse (mobile emulation, its default simulated throttling) with the OS's Chromium on every
 * student page, the signed-in ones as the demo student, against the production build served on a
 * fresh temporary data directory. Scores beside DESIGN.md's budgets, and each page's cumulative
 * layout shift beside its own (at most 0.05, docs/performance.md).
 *
 *   npm run build && npx tsx bench/lighthouse.ts
 *
 * CHROMIUM_PATH names another browser (default /usr/bin/chromium); BENCH_LIGHTHOUSE_PAGES=/signup
 * audits only the pages named; BENCH_LIGHTHOUSE_RUNS (3) audits each page that many times, one
 * after another, each in a fresh browser context, and reports the medians. The machine's load
 * skews performance scores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { API_PATHS } from '../src/shared/api-paths.js';
import { ZLoginResponseSchema } from '../src/shared/auth.js';
import { printBenchRows, verdict, type BenchRow } from './lib/bench-rows.js';
import { startBuiltServer } from './lib/built-server.js';
import { median } from './lib/median.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** DESIGN.md's performance budgets (docs/spec/design.md): the minimum score of each category, 0 to 100. */
const BUDGETS = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 90,
} as const;
type Category = keyof typeof BUDGETS;
const CATEGORIES = Object.keys(BUDGETS) as Category[];

/** The most a page may shift as it loads, data arriving late included (docs/performance.md). */
const MOST_LAYOUT_SHIFT = 0.05;

interface Audit {
  /** The page's path, or its pattern (`/application/{id}`) when `prepare` finds the path. */
  path: string;
  /**
   * Runs in the page before the audit, on the page's origin; answers the path to audit when it is
   * not `path` itself.
   */
  prepare?: (page: Page, origin: string) => Promise<string | undefined>;
}

/**
 * The session of spec section 4: the token and the profile in sessionStorage, as a sign-in leaves
 * them. Stored from robots.txt, a file of the origin that is not the app: opening a page of the
 * app would install its service worker and fill the cache, and the audit would measure a warm
 * load instead of a student's first.
 */
async function signIn(page: Page, origin: string): Promise<undefined> {
  await signInAs(page, origin);
  return undefined;
}

/** Signs in as `signIn` does; answers the session's token. */
async function signInAs(page: Page, origin: string): Promise<string> {
  const res = await fetch(`${origin}${API_PATHS.demoLogin}`, { method: 'POST' });
  const { token, user } = ZLoginResponseSchema.parse(await res.json());
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate(
    (jwt, profile) => {
      sessionStorage.setItem('jwt_token', jwt);
      sessionStorage.setItem('user_profile', profile);
    },
    token,
    JSON.stringify(user),
  );
  return token;
}

/** Signs in, and answers the page of the demo student's first application. */
async function signInToApplication(page: Page, origin: string): Promise<string> {
  const token = await signInAs(page, origin);
  const res = await fetch(`${origin}${API_PATHS.applications}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [first] = (await res.json()) as { id: number }[];
  if (!first) throw new Error('The demo student has no application to audit.');
  return `/application/${first.id}`;
}

/** Every student page; /face-verification as a visitor reaches it, before signing in. */
const ALL_AUDITS: Audit[] = [
  { path: '/' },
  { path: '/signup' },
  { path: '/waitlist' },
  { path: '/webauthn-login' },
  { path: '/face-verification' },
  { path: '/dashboard', prepare: signIn },
  { path: '/applications', prepare: signIn },
  { path: '/application/{id}', prepare: signInToApplication },
  { path: '/messages', prepare: signIn },
  { path: '/profile', prepare: signIn },
  { path: '/actions', prepare: signIn },
  { path: '/help', prepare: signIn },
  { path: '/moi', prepare: signIn },
];
/** Audits of each page, each in a fresh context; the figures are their medians. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_LIGHTHOUSE_PAGES=/signup,/waitlist audits only those. */
const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
const AUDITS = only ? ALL_AUDITS.filter((a) => only.includes(a.path)) : ALL_AUDITS;

/** The five metrics the performance score is made of, as Lighthouse displays them. */
const PERFORMANCE_METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

function metricSummary(audits: Record<string, { displayValue?: string; score: number | null }>) {
  return PERFORMANCE_METRICS.map((id) => {
    const a = audits[id];
    return `${id} ${a?.displayValue ?? '?'} (score ${a?.score ?? '?'})`;
  }).join(', ');
}

type Scores = Record<Category, number>;
interface AuditResult {
  scores: Scores;
  layoutShift: number;
}

/** One audit of `target` in a fresh browser context: its scores, 0 to 100, and its layout shift. */
async function audit(browser: Browser, origin: string, target: Audit): Promise<AuditResult> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const path = (await target.prepare?.(page, origin)) ?? target.path;
    const result = await lighthouse(
      `${origin}${path}`,
      {
        onlyCategories: CATEGORIES,
        logLevel: 'error',
        // Keeps the sessionStorage set by `prepare`; each audit has its own fresh context anyway.
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${target.path}: ${lhr.runtimeError.message}`);
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    if (failing.length > 0) console.log(`${target.path}: failing audits: ${failing.join(', ')}`);
    console.log(`${target.path}: ${metricSummary(lhr.audits)}`);
    // What the failing checks found, so a reader can fix it without rerunning Lighthouse.
    for (const id of failing) {
      const details = lhr.audits[id]?.details;
      if (details?.type === 'table') console.log(`  ${id}: ${JSON.stringify(details.items)}`);
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as Scores;
    return { scores, layoutShift: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN };
  } finally {
    await context.close();
  }
}

/**
 * An audit, made once more when Lighthouse fails to record the page (NO_NAVSTART, now and then on
 * a loaded machine), so one lost trace does not throw away the whole run.
 */
async function auditAgainOnError(
  browser: Browser,
  origin: string,
  target: Audit,
): Promise<AuditResult> {
  try {
    return await audit(browser, origin, target);
  } catch (error) {
    console.log(`${target.path}: ${String(error)}; auditing it again`);
    return audit(browser, origin, target);
  }
}

const withRuns = (value: number, runs: readonly number[]) =>
  RUNS > 1 ? `${value} (runs: ${runs.join(', ')})` : String(value);

/**
 * RUNS audits of `target`: each category's median beside its budget, with every run's score, and
 * the median layout shift beside its own.
 */
async function auditRows(browser: Browser, origin: string, target: Audit): Promise<BenchRow[]> {
  const runs: AuditResult[] = [];
  for (let run = 0; run < RUNS; run += 1)
    runs.push(await auditAgainOnError(browser, origin, target));
  const rows: BenchRow[] = CATEGORIES.map((id) => {
    const scores = runs.map((run) => run.scores[id]);
    const score = median(scores);
    return {
      figure: `Lighthouse ${id}, ${target.path}`,
      value: withRuns(score, scores),
      budget: BUDGETS[id] === 100 ? '100' : `>= ${BUDGETS[id]}`,
      result: verdict(score >= BUDGETS[id]),
    };
  });
  const shifts = runs.map((run) => Number(run.layoutShift.toFixed(3)));
  const shift = median(shifts);
  rows.push({
    figure: `Cumulative layout shift, ${target.path}`,
    value: withRuns(shift, shifts),
    budget: `<= ${MOST_LAYOUT_SHIFT}`,
    result: verdict(shift <= MOST_LAYOUT_SHIFT),
  });
  return rows;
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-lighthouse-'));
  const server = await startBuiltServer(dataDir);
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const rows: BenchRow[] = [];
  try {
    for (const target of AUDITS) rows.push(...(await auditRows(browser, server.origin, target)));
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nLighthouse, mobile; medians of ${RUNS} runs a page; 1-minute load average ${loadBefore.toFixed(1)} before the run`,
  );
  printBenchRows(rows);
}

await main();
