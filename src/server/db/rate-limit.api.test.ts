import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from './schema.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';
import { hitRateLimit, pruneRateLimits } from './rate-limit.js';

describe.each(testDatabaseKinds())('rate limits on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const rule = { limit: 2, windowMs: 60_000 };

  it('allows up to the limit in a window, then says how long to wait', async () => {
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await hitRateLimit(t.app.db, 'test:counting', rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(results[2]?.retryAfterSeconds).toBeGreaterThan(50);
    expect(results[2]?.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('starts a new window once the last has ended', async () => {
    await hitRateLimit(t.app.db, 'test:ended', rule);
    await hitRateLimit(t.app.db, 'test:ended', rule);
    await t.app.db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimits.bucket} = 'test:ended'`);
    expect((await hitRateLimit(t.app.db, 'test:ended', rule)).allowed).toBe(true);
  });

  it('prunes only the windows that have ended', async () => {
    await t.app.db.delete(rateLimits);
    await hitRateLimit(t.app.db, 'test:live', rule);
    await t.app.db.insert(rateLimits).values({
      bucket: 'test:old',
      hits: 9,
      windowEndsAt: sql`now() - interval '1 hour'`,
    });

    expect(await pruneRateLimits(t.app.db)).toBe(1);
    const left = await t.app.db.select({ bucket: rateLimits.bucket }).from(rateLimits);
    expect(left).toEqual([{ bucket: 'test:live' }]);
  });
});
