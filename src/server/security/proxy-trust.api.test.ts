import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { WAITLIST_FEATURE } from '../../shared/waitlist.js';
import { rateLimits } from '../db/schema.js';
import { addressBucket } from '../db/rate-limit.js';
import { LOOKUPS_PER_ADDRESS } from '../modules/onboarding/routes.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';

/**
 * X-Forwarded-For is believed only from the proxies TRUST_PROXY names (docs/security-tests.md; OWASP ASVS 5.0
 * V2.4 anti-automation and V16.2.1 "who" in logs, by section): otherwise any client could give
 * each lookup a new made-up address and never meet the per-address limit. The address a request
 * is counted under is read from the rate-limit bucket the onboarding lookup writes.
 */
const [pglite] = testDatabaseKinds();
if (!pglite) throw new Error('PGlite is always available');

const PROXY = '198.51.100.9';
const CLIENT = '203.0.113.5';
const SPOOFED = '192.0.2.66';

/** A TRUST_PROXY setting, and [X-Forwarded-For, the address counted] for lookups under it. */
const SETTINGS: [string, string | null, [string, string][]][] = [
  ['no proxy configured', null, [[CLIENT, PROXY]]],
  ['a proxy range the caller is not in', '10.0.0.0/8', [[CLIENT, PROXY]]],
  [
    'the caller as the configured proxy',
    PROXY,
    // The second: the client put a made-up address first; the proxy appended the one it saw.
    [
      [CLIENT, CLIENT],
      [`${SPOOFED}, ${CLIENT}`, CLIENT],
    ],
  ],
];

describe.each(SETTINGS)('X-Forwarded-For with %s', (_name, trustProxy, cases) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite, trustProxy ? { TRUST_PROXY: trustProxy } : {});
  });
  afterAll(() => t.close());

  it.each(cases)('a lookup forwarded for "%s" counts against %s', async (forwardedFor, counted) => {
    await t.app.db.delete(rateLimits);
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.getStudentId,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: {
        invite_code: 'NOPE-0000',
        passport_number: 'X0000000',
        date_of_birth: '2000-01-01T00:00:00.000Z',
      },
    });
    expect(res.statusCode).toBe(200);
    const buckets = (await t.app.db.select({ bucket: rateLimits.bucket }).from(rateLimits)).map(
      (row) => row.bucket,
    );
    const addresses = [PROXY, CLIENT, SPOOFED].filter((ip) =>
      buckets.includes(addressBucket(t.app.dataKeys, 'lookup', ip)),
    );
    expect(addresses).toEqual([counted]);
  });
});

/**
 * docs/security-tests.md, issue 19 finding 7: behind a trusted proxy, 40 lookups from one IPv6 /64 all passed, each
 * address counted alone, where one IPv4 address got 30 and then 429s. A host holds a whole /64,
 * so every per-address limit counts the /64.
 */
describe('per-address limits for IPv6 clients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite, { TRUST_PROXY: PROXY });
  });
  afterAll(() => t.close());
  const from = (forwardedFor: string, url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': forwardedFor },
      payload,
    });
  const lookupFrom = (forwardedFor: string) =>
    from(forwardedFor, API_PATHS.getStudentId, {
      invite_code: 'NOPE-0000',
      passport_number: 'X0000000',
      date_of_birth: '2000-01-01T00:00:00.000Z',
    });

  it('count every address of one /64 as one client, and the next /64 as another', async () => {
    await t.app.db.delete(rateLimits);
    const statuses: number[] = [];
    for (let host = 1; host <= LOOKUPS_PER_ADDRESS.limit + 10; host += 1) {
      statuses.push((await lookupFrom(`2001:db8:1:2::${host.toString(16)}`)).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(LOOKUPS_PER_ADDRESS.limit);
    expect(statuses.slice(LOOKUPS_PER_ADDRESS.limit)).toEqual(Array(10).fill(429));
    expect((await lookupFrom('2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it.each([
    ['passkey sign-in', API_PATHS.authenticateBegin, {}, 'passkey-sign-in'],
    [
      'the waitlist',
      API_PATHS.waitlist,
      { email: 'v6@example.com', feature: WAITLIST_FEATURE },
      'waitlist',
    ],
  ])('%s counts two addresses of one /64 in one bucket', async (_name, url, payload, bucket) => {
    await t.app.db.delete(rateLimits);
    expect((await from('2001:db8:9:9::a', url, payload)).statusCode).toBe(200);
    expect((await from('2001:db8:9:9:ffff::b', url, payload)).statusCode).toBe(200);
    const rows = await t.app.db.select().from(rateLimits);
    expect(rows).toEqual([
      expect.objectContaining({
        bucket: addressBucket(t.app.dataKeys, bucket, '2001:db8:9:9::1'),
        hits: 2,
      }),
    ]);
  });
});
