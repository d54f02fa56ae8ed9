import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../shared/api-paths.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-databases.js';
import { NUL_MESSAGE } from './text-without-nul.js';

describe.each(testDatabaseKinds())('a NUL character in a request on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it.each([
    // Found by the fuzzer: the session id reached the query and the database refused it, a 500.
    ['the path', { method: 'POST', url: '/api/veriff/verify/%00' }],
    ['the query', { method: 'GET', url: `${API_PATHS.visaWaitTimes}?q=a%00b` }],
    [
      'a JSON body',
      { method: 'POST', url: API_PATHS.waitlist, payload: { email: 'a\u0000@example.com' } },
    ],
  ] as const)('in %s is refused with a 400 that says so', async (_where, request) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: NUL_MESSAGE });
  });

  it('leaves a request without one to its route', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/veriff/verify/abc' });
    expect(res.statusCode).toBe(401);
  });
});
