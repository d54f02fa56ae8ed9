import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import { WAITLIST_FEATURE } from '../../../shared/waitlist.js';
import { waitlistEntries } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { WAITLIST_SIGNUPS_PER_ADDRESS } from './routes.js';

describe.each(testDatabaseKinds())('waitlist on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const join = (payload: unknown, remoteAddress = '198.51.100.1') =>
    t.app.inject({
      method: 'POST',
      url: API_PATHS.waitlist,
      payload: payload as Record<string, unknown>,
      remoteAddress,
    });

  it('stores an e-mail once per feature: a repeat, in any case, is a success and no duplicate', async () => {
    for (const email of ['ana@example.com', ' ANA@example.com ', 'ana@example.com']) {
      const res = await join({ email, feature: WAITLIST_FEATURE });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
    const rows = await t.app.db.select().from(waitlistEntries);
    expect(rows.map((r) => [r.email, r.feature])).toEqual([['ana@example.com', WAITLIST_FEATURE]]);
  });

  it.each([
    [
      'a bad e-mail',
      { email: 'not-an-email', feature: WAITLIST_FEATURE },
      'email: Please enter a valid email address',
    ],
    ['a missing e-mail', { feature: WAITLIST_FEATURE }, /email/],
    [
      'an overlong e-mail',
      { email: `${'a'.repeat(250)}@example.com`, feature: WAITLIST_FEATURE },
      /valid email/,
    ],
    ['another feature', { email: 'ana@example.com', feature: 'something_else' }, /feature/],
  ])('refuses %s with 400 and a message', async (_name, payload, message) => {
    const res = await join(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
  });

  it(`allows ${WAITLIST_SIGNUPS_PER_ADDRESS.limit} sign-ups a minute per address, then 429 with Retry-After`, async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < WAITLIST_SIGNUPS_PER_ADDRESS.limit; i += 1) {
      expect(
        (await join({ email: `s${i}@example.com`, feature: WAITLIST_FEATURE }, ip)).statusCode,
      ).toBe(200);
    }
    const limited = await join({ email: 'late@example.com', feature: WAITLIST_FEATURE }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json<{ message: string }>().message).toMatch(/Too many/);
  });
});
