import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../../shared/api-paths.js';
import {
  sortWaitTimes,
  type TVisaWaitTimesResponse,
  ZVisaWaitTimesResponseSchema,
} from '../../../shared/visa-wait-times.js';
import { visaWaitTimes } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import { WAIT_TIMES_CACHE_CONTROL } from './routes.js';

describe.each(testDatabaseKinds())('GET /api/visa-wait-times on $name', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    // A route that chose to be cached and then failed: its error must not be cached.
    t.app.get('/api/test-cached-failure', async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      throw new Error('failed after choosing to be cached');
    });
  });
  afterAll(() => t.close());

  const list = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: API_PATHS.visaWaitTimes, headers });

  it('lists every post of the seed to anyone, as {post, country, studentVisaWaitTime}', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json<TVisaWaitTimesResponse>();
    expect(ZVisaWaitTimesResponseSchema.parse(body)).toEqual(body);
    expect(body).toHaveLength(241);
    for (const record of body) {
      expect(Object.keys(record).sort()).toEqual(['country', 'post', 'studentVisaWaitTime']);
    }
    expect(body).toContainEqual({
      post: 'Abuja',
      country: 'Nigeria',
      studentVisaWaitTime: '4.5 Months',
    });
    expect(body).toContainEqual({
      post: 'Curacao',
      country: 'Curaçao',
      studentVisaWaitTime: '< 0.5 Month',
    });
  });

  it('comes in the spec’s order: excellent to poor, then na, each by post name', async () => {
    const body = (await list()).json<TVisaWaitTimesResponse>();
    expect(body).toEqual(sortWaitTimes(body));
    expect(body[0]?.post).toBe('Abidjan');
    expect(body.at(-1)?.studentVisaWaitTime).toBe('N/A');
  });

  it('is public for an hour, with a strong ETag, overriding the API’s no-store', async () => {
    const res = await list();
    expect(res.headers['cache-control']).toBe(WAIT_TIMES_CACHE_CONTROL);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect((await list()).headers.etag).toBe(res.headers.etag);
  });

  it('answers 304 with no body when If-None-Match holds the current ETag, 200 otherwise', async () => {
    const etag = String((await list()).headers.etag);
    for (const header of [etag, `W/${etag}`, `"stale", ${etag}`, '*']) {
      const res = await list({ 'if-none-match': header });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
    }
    const stale = await list({ 'if-none-match': '"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json<unknown[]>()).toHaveLength(241);
  });

  it('answers browsers brotli or gzip, each with its own ETag, and says it varies', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [acceptEncoding, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const res = await list({ 'accept-encoding': acceptEncoding });
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(Number(res.headers['content-length'])).toBeLessThan(plain.body.length / 4);
      expect(decoders[coding](res.rawPayload).toString()).toBe(plain.body);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(res.headers.etag).not.toBe(plain.headers.etag);
      const revalidated = await list({
        'accept-encoding': acceptEncoding,
        'if-none-match': String(res.headers.etag),
      });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers.vary).toBe('accept-encoding');
    }
    // A copy kept uncompressed is not current for a client that now gets brotli, and the reverse.
    const brotli = await list({ 'accept-encoding': 'br' });
    expect((await list({ 'if-none-match': String(brotli.headers.etag) })).statusCode).toBe(200);
    const otherWay = await list({
      'accept-encoding': 'br',
      'if-none-match': String(plain.headers.etag),
    });
    expect(otherWay.statusCode).toBe(200);
  });

  it('serves from memory: no database read per request, and a row changed behind its back does not show', async () => {
    await t.app.db
      .update(visaWaitTimes)
      .set({ studentVisaWaitTime: '9 Months' })
      .where(eq(visaWaitTimes.post, 'Abuja'));
    const select = vi.spyOn(t.app.db, 'select');
    const execute = vi.spyOn(t.app.db, 'execute');
    for (let i = 0; i < 5; i += 1) {
      const body = (await list()).json<TVisaWaitTimesResponse>();
      expect(body.find((r) => r.post === 'Abuja')?.studentVisaWaitTime).toBe('4.5 Months');
    }
    expect(select).not.toHaveBeenCalled();
    expect(execute).not.toHaveBeenCalled();
  });

  it('answers HEAD with the same validators', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: API_PATHS.visaWaitTimes });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe((await list()).headers.etag);
  });

  it('leaves every other API answer, and any error, at no-store', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: API_PATHS.publicConfig })).headers['cache-control'],
    ).toBe('no-store');
    const missing = await t.app.inject({ method: 'GET', url: `${API_PATHS.visaWaitTimes}/Abuja` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const failed = await t.app.inject({ method: 'GET', url: '/api/test-cached-failure' });
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['cache-control']).toBe('no-store');
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: API_PATHS.docs })).json<{
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
    }>();
    expect(Object.keys(doc.paths[API_PATHS.visaWaitTimes]?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '304']),
    );
  });
});
