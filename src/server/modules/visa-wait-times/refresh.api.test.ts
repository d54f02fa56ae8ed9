import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import type { TVisaWaitTimesResponse } from '../../../shared/visa-wait-times.js';
import { visaWaitTimeRefreshes, visaWaitTimes } from '../../db/schema.js';
import { captureLogs } from '../../test/capture-logs.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { refreshWaitTimes, SOURCE_TIMEOUT_MS } from './refresh-wait-times.js';
import { saveRefresh } from './save-refresh.js';

/**
 * A stand-in for travel.state.gov on loopback: it serves whatever the test sets, as the real
 * site would (HTML with a status), or misbehaves: resets the connection, or never answers.
 */
type Answer =
  { status: number; html: string; delayMs?: number } | { kind: 'reset' } | { kind: 'hang' };

interface FakeStateDepartment {
  url: string;
  requests: number;
  answer: Answer;
  close(): Promise<void>;
}

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}.html.txt`, import.meta.url), 'utf8');
const page = (name: string, status = 200): Answer => ({ status, html: fixture(name) });

async function startFakeStateDepartment(): Promise<FakeStateDepartment> {
  const server: Server = createServer((req, res) => {
    fake.requests += 1;
    const { answer } = fake;
    if ('kind' in answer) {
      if (answer.kind === 'reset') req.socket.destroy();
      return; // 'hang': never answer
    }
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(answer.html);
    }, answer.delayMs ?? 0);
  });
  const fake: FakeStateDepartment = {
    url: '',
    requests: 0,
    answer: page('current-months'),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/content/travel/en/us-visas/visa-information-resources/global-visa-wait-times.html`;
  return fake;
}

const served = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: API_PATHS.visaWaitTimes });
  const list = res.json<TVisaWaitTimesResponse>();
  return {
    etag: String(res.headers.etag),
    count: list.length,
    wait: (post: string) => list.find((r) => r.post === post)?.studentVisaWaitTime,
    country: (post: string) => list.find((r) => r.post === post)?.country,
  };
};

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(testDatabaseKinds())('refreshing visa wait times on $name', (kind) => {
  let t: TestApp;
  let fake: FakeStateDepartment;
  let logs: ReturnType<typeof captureLogs>;
  beforeAll(async () => {
    fake = await startFakeStateDepartment();
    t = await startTestApp(kind, { VISA_WAIT_TIMES_URL: fake.url, LOG_LEVEL: 'info' });
    logs = captureLogs(t.app.log);
  });
  afterAll(async () => {
    logs.stop();
    await t.close();
    await fake.close();
  });

  const db = () => t.app.db;
  const lastRefresh = async () =>
    (
      await db()
        .select()
        .from(visaWaitTimeRefreshes)
        .orderBy(desc(visaWaitTimeRefreshes.id))
        .limit(1)
    )[0];
  const storedWait = async (post: string) =>
    (
      await db()
        .select({ wait: visaWaitTimes.studentVisaWaitTime })
        .from(visaWaitTimes)
        .where(eq(visaWaitTimes.post, post))
    )[0]?.wait;

  it('does not run on a schedule in tests unless asked', async () => {
    await served(t.app); // the app is ready
    expect(t.app.config.visaWaitTimes.refreshHours).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fake.requests).toBe(0);
  });

  it.each<[string, Answer, RegExp]>([
    ['the source drops the connection', { kind: 'reset' }, /^unreachable: /],
    ['the source answers 500', page('current-months', 500), /^http_status: .*HTTP 500/],
    ['the source answers 404', { status: 404, html: 'Not found' }, /^http_status: .*HTTP 404/],
    ['the page is garbage', { status: 200, html: '\u0000\u00ff<<garbage>>' }, /^no_table: /],
    ['the page has no table', page('no-table'), /^no_table: /],
    ['the F, M, J column is missing', page('missing-column'), /^no_student_column: /],
    ['the page is cut off', page('truncated'), /^truncated: /],
    ['the page lists too few posts', page('few-posts'), /^too_few_posts: /],
  ])('keeps the last good data and records the failure when %s', async (_what, answer, error) => {
    const before = await served(t.app);
    fake.answer = answer;
    logs.clear();
    const outcome = await t.app.visaWaitTimes.refresh({ force: true });
    expect(outcome).toEqual({ outcome: 'failed', error: expect.stringMatching(error) as unknown });
    expect(await lastRefresh()).toMatchObject({
      sourceUrl: fake.url,
      outcome: 'failed',
      postCount: 0,
      error: expect.stringMatching(error) as unknown,
    });
    expect(await storedWait('Abuja')).toBe('4.5 Months');
    const after = await served(t.app);
    expect(after).toMatchObject({ etag: before.etag, count: 241 });
    expect(after.wait('Abuja')).toBe('4.5 Months');
    expect(logs.text()).toMatch(/"outcome":"failed".*last good figures stay/);
  });

  it('keeps the last good data when the source does not answer within the time limit', async () => {
    expect(SOURCE_TIMEOUT_MS).toBe(10_000);
    fake.answer = { kind: 'hang' };
    const outcome = await refreshWaitTimes({
      db: db(),
      log: t.app.log,
      sourceUrl: fake.url,
      cancel: new AbortController().signal,
      skipIfAttemptedWithinMs: 0,
      timeoutMs: 300,
    });
    expect(outcome).toEqual({
      outcome: 'failed',
      error: expect.stringMatching(/^timeout: /) as unknown,
    });
    expect(await lastRefresh()).toMatchObject({
      outcome: 'failed',
      error: expect.stringMatching(/^timeout/) as unknown,
    });
    expect(await storedWait('Abuja')).toBe('4.5 Months');
  });

  it('records a failure when nothing listens at the address', async () => {
    const closed = await startFakeStateDepartment();
    await closed.close();
    const outcome = await refreshWaitTimes({
      db: db(),
      log: t.app.log,
      sourceUrl: closed.url,
      cancel: new AbortController().signal,
      skipIfAttemptedWithinMs: 0,
    });
    expect(outcome).toMatchObject({
      outcome: 'failed',
      error: expect.stringMatching(/^unreachable: .*ECONNREFUSED/) as unknown,
    });
  });

  it('replaces the figures from a good page, records the refresh, and only then serves them', async () => {
    const before = await served(t.app);
    fake.answer = page('current-months');
    logs.clear();
    const outcome = await t.app.visaWaitTimes.refresh({ force: true });
    expect(outcome).toEqual({
      outcome: 'ok',
      postCount: 240,
      sourceUpdatedOn: '2026-08-12',
      // Abuja and Abidjan changed; Bamako and Kabul are now published as "NA".
      changedPosts: 4,
      removedPosts: ['Zagreb'],
      skippedPosts: ['Nuuk'],
    });
    expect(await lastRefresh()).toMatchObject({
      sourceUrl: fake.url,
      sourceUpdatedOn: '2026-08-12',
      postCount: 240,
      outcome: 'ok',
      error: null,
    });
    expect(await db().select().from(visaWaitTimes)).toHaveLength(240);
    expect(await storedWait('Abuja')).toBe('5 Months');
    expect(await storedWait('Zagreb')).toBeUndefined();
    expect(await storedWait('Nuuk')).toBeUndefined();

    const after = await served(t.app);
    expect(after.etag).not.toBe(before.etag);
    expect(after.count).toBe(240);
    expect(after.wait('Abuja')).toBe('5 Months');
    expect(after.wait('Abidjan')).toBe('1 Month');
    expect(after.wait('Bamako')).toBe('NA');
    // Respelled on the page, still the same post with the same country.
    expect(after.wait('Curacao')).toBe('< 0.5 Month');
    expect(after.country('Curacao')).toBe('Curaçao');
    expect(after.country('Port Au Prince')).toBe('Haiti');
    const stale = await t.app.inject({
      method: 'GET',
      url: API_PATHS.visaWaitTimes,
      headers: { 'if-none-match': before.etag },
    });
    expect(stale.statusCode).toBe(200);

    const log = logs.text();
    expect(log).toMatch(
      /"postCount":240.*"sourceUpdatedOn":"2026-08-12".*visa wait times refreshed/,
    );
    expect(log).toMatch(/"posts":\["Nuuk"\].*no known country were skipped/);
  });

  it('keeps the new figures, not the seed, when a later refresh fails', async () => {
    const before = await served(t.app);
    fake.answer = page('truncated');
    expect(await t.app.visaWaitTimes.refresh({ force: true })).toMatchObject({ outcome: 'failed' });
    const after = await served(t.app);
    expect(after.etag).toBe(before.etag);
    expect(after.wait('Abuja')).toBe('5 Months');
  });

  it('accepts the older days format, keeping words as published', async () => {
    fake.answer = page('older-days');
    const outcome = await t.app.visaWaitTimes.refresh({ force: true });
    expect(outcome).toMatchObject({
      outcome: 'ok',
      postCount: 241,
      sourceUpdatedOn: '2025-02-13',
      skippedPosts: ['Moscow'],
      removedPosts: [],
    });
    const after = await served(t.app);
    expect(after.wait('Abuja')).toBe('45 Days');
    expect(after.wait('Adana')).toBe('Closed');
    expect(after.wait('Abidjan')).toBe('Same Day');
    // Zagreb is back, with its country from the map.
    expect(after.country('Zagreb')).toBe('Croatia');
  });

  it('gives a post the map lacks the country it had before', async () => {
    await db().insert(visaWaitTimes).values({
      post: 'Nuuk',
      country: 'Greenland',
      countryCode: 'GL',
      studentVisaWaitTime: 'N/A',
    });
    fake.answer = page('current-months');
    const outcome = await t.app.visaWaitTimes.refresh({ force: true });
    expect(outcome).toMatchObject({ outcome: 'ok', postCount: 241, skippedPosts: [] });
    const after = await served(t.app);
    expect(after.wait('Nuuk')).toBe('2 Months');
    expect(after.country('Nuuk')).toBe('Greenland');
  });

  it('shares one refresh between callers who ask at the same time', async () => {
    fake.answer = { ...page('current-months'), delayMs: 200 };
    const requests = fake.requests;
    const [a, b] = await Promise.all([
      t.app.visaWaitTimes.refresh({ force: true }),
      t.app.visaWaitTimes.refresh({ force: true }),
    ]);
    expect(a).toBe(b);
    expect(fake.requests).toBe(requests + 1);
  });

  it('skips a scheduled run when any instance refreshed within the window', async () => {
    const requests = fake.requests;
    const outcome = await refreshWaitTimes({
      db: db(),
      log: t.app.log,
      sourceUrl: fake.url,
      cancel: new AbortController().signal,
      skipIfAttemptedWithinMs: 3_600_000,
    });
    expect(outcome).toEqual({ outcome: 'skipped', reason: 'recent' });
    expect(fake.requests).toBe(requests);
  });

  it('lets a good page stand over a failure recorded meanwhile, and no older answer over a good one', async () => {
    const [seen] = await db()
      .select({ id: visaWaitTimeRefreshes.id })
      .from(visaWaitTimeRefreshes)
      .orderBy(desc(visaWaitTimeRefreshes.id))
      .limit(1);
    const seenRefreshId = seen?.id ?? null;
    // Another instance's fetch failed while this one's was under way.
    await db()
      .insert(visaWaitTimeRefreshes)
      .values({ sourceUrl: fake.url, postCount: 0, outcome: 'failed', error: 'unreachable: x' });
    const records = (await db().select().from(visaWaitTimes)).map((r) => ({
      post: r.post,
      country: r.country,
      countryCode: r.countryCode,
      studentVisaWaitTime: r.post === 'Abuja' ? '6 Months' : r.studentVisaWaitTime,
    }));
    const good = { outcome: 'ok' as const, sourceUpdatedOn: '2026-09-01', records };
    expect(
      await saveRefresh(db(), { sourceUrl: fake.url, seenRefreshId, result: good }),
    ).toMatchObject({
      saved: true,
      changedPosts: 1,
    });
    expect(await storedWait('Abuja')).toBe('6 Months');
    // Answers that began before that good one was recorded are dropped, good or failed.
    const stale = {
      ...good,
      records: records.map((r) => ({ ...r, studentVisaWaitTime: '1 Month' })),
    };
    expect(await saveRefresh(db(), { sourceUrl: fake.url, seenRefreshId, result: stale })).toEqual({
      saved: false,
    });
    const failed = { outcome: 'failed' as const, error: 'timeout: late' };
    expect(await saveRefresh(db(), { sourceUrl: fake.url, seenRefreshId, result: failed })).toEqual(
      {
        saved: false,
      },
    );
    expect(await storedWait('Abuja')).toBe('6 Months');
    expect(await lastRefresh()).toMatchObject({ outcome: 'ok', sourceUpdatedOn: '2026-09-01' });
  });
});

describe.each(testDatabaseKinds())('the refresh schedule on $name', (kind) => {
  let fake: FakeStateDepartment;
  beforeAll(async () => {
    fake = await startFakeStateDepartment();
  });
  afterAll(() => fake.close());

  it('runs shortly after start-up when asked, then serves the new figures', async () => {
    fake.answer = page('current-months');
    const t = await startTestApp(kind, {
      VISA_WAIT_TIMES_URL: fake.url,
      VISA_WAIT_TIMES_REFRESH_HOURS: '24',
    });
    try {
      expect((await served(t.app)).wait('Abuja')).toBe('4.5 Months');
      await waitUntil(async () => (await served(t.app)).wait('Abuja') === '5 Months');
      expect(fake.requests).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('stops on close, cutting a fetch in progress short instead of recording a failure', async () => {
    fake.answer = { kind: 'hang' };
    const requests = fake.requests;
    const t = await startTestApp(kind, {
      VISA_WAIT_TIMES_URL: fake.url,
      VISA_WAIT_TIMES_REFRESH_HOURS: '24',
      LOG_LEVEL: 'info',
    });
    const logs = captureLogs(t.app.log);
    await served(t.app);
    await waitUntil(() => fake.requests > requests);
    const started = Date.now();
    await t.close();
    logs.stop();
    // Well within the source's 10 s time limit: the close did not wait for the fetch to time out.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(logs.text()).toMatch(/"reason":"cancelled"/);
    expect(logs.text()).not.toMatch(/"outcome":"failed"/);
  });
});

describe.runIf(testDatabaseKinds().some((k) => k.name === 'postgres'))(
  'two server instances on one PostgreSQL database',
  () => {
    let t: TestApp;
    let fake: FakeStateDepartment;
    beforeAll(async () => {
      const postgres = testDatabaseKinds().find((k) => k.name === 'postgres');
      if (!postgres) throw new Error('unreachable');
      fake = await startFakeStateDepartment();
      t = await startTestApp(postgres, { VISA_WAIT_TIMES_URL: fake.url });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });

    it('apply a page once when both refresh at the same time, and both then serve it', async () => {
      const other = await t.secondInstance();
      expect((await served(other)).wait('Abuja')).toBe('4.5 Months');
      fake.answer = { ...page('current-months'), delayMs: 300 };
      const outcomes = await Promise.all([
        t.app.visaWaitTimes.refresh({ force: true }),
        other.visaWaitTimes.refresh({ force: true }),
      ]);
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(['ok', 'skipped']);
      expect(outcomes).toContainEqual({ outcome: 'skipped', reason: 'superseded' });
      const rows = await t.app.db.select().from(visaWaitTimeRefreshes);
      expect(rows.filter((r) => r.outcome === 'ok')).toHaveLength(2); // the seed's and this one
      expect((await served(t.app)).wait('Abuja')).toBe('5 Months');
      expect((await served(other)).wait('Abuja')).toBe('5 Months');
    });
  },
);
