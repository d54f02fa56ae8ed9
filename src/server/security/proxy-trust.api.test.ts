import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { rateLimits } from '../db/schema.js';
import { addressBucket } from '../lib/rate-limit.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';

/**
 * X-Forwarded-For is believed only from the proxies TRUST_PROXY names (issue 10; OWASP ASVS 5.0
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
