/**
 * Lighthouse (mobile emulation, its default simulated throttling) with the OS's Chromium on /,
 * /signup, /waitlist and the signed-in /dashboard, against the production build served on a fresh
 * temporary data directory. Scores beside DESIGN.md's budgets.
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

interface Audit {
  path: string;
  /** Runs in the page before the audit, on the page's origin. */
  prepare?: (page: Page, origin: string) => Promise<void>;
}

/**
 * The session of spec section 4: the token and the profile in sessionStorage, as a sign-in leaves
 * them. Stored from robots.txt, a file of the origin that is not the app: opening a page of the
 * app would install its service worker and fill the cache, and the audit would measure a warm
 * load instead of a student's first.
 */
async function signIn(page: Page, origin: string): Promise<void> {
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
}

const ALL_AUDITS: Audit[] = [
  { path: '/' },
  { path: '/signup' },
  { path: '/waitlist' },
  { path: '/dashboard', prepare: signIn },
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

/** One audit of `target` in a fresh browser context: its scores, 0 to 100. */
async function audit(browser: Browser, origin: string, target: Audit): Promise<Scores> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await target.prepare?.(page, origin);
    const result = await lighthouse(
      `${origin}${target.path}`,
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
    return Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as Scores;
  } finally {
    await context.close();
  }
}

/** RUNS audits of `target`: each category's median beside its budget, with every run's score. */
async function auditRows(browser: Browser, origin: string, target: Audit): Promise<BenchRow[]> {
  const runs: Scores[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(browser, origin, target));
  return CATEGORIES.map((id) => {
    const scores = runs.map((scoresOfRun) => scoresOfRun[id]);
    const score = median(scores);
    return {
      figure: `Lighthouse ${id}, ${target.path}`,
      value: RUNS > 1 ? `${score} (runs: ${scores.join(', ')})` : String(score),
      budget: BUDGETS[id] === 100 ? '100' : `>= ${BUDGETS[id]}`,
      result: verdict(score >= BUDGETS[id]),
    };
  });
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
