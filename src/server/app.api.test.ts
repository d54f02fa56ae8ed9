import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { API_PATHS } from '../shared/api-paths.js';
import { PAGE_SHELLS_DIR, PAGE_SHELLS_INDEX, type PageShellIndex } from '../shared/page-shells.js';
import { INTERNAL_ERROR_MESSAGE } from './plugins/error-handling.js';
import { startTestApp, type TestApp } from './test/test-app.js';
import { testDatabaseKinds } from './test/test-databases.js';

const [pglite] = testDatabaseKinds();
if (!pglite) throw new Error('PGlite is always available');

describe('the app around every route', () => {
  let t: TestApp;
  const webDir = mkdtempSync(join(tmpdir(), 'portal-web-'));

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><title>portal</title><div id="root"></div>',
    );
    writeFileSync(join(webDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    // The build's documents of the app's addresses (scripts/page-shells).
    const shells = join(webDir, PAGE_SHELLS_DIR);
    mkdirSync(shells);
    const shellIndex: PageShellIndex = {
      '/signup': { shell: 'signup.html', drawn: 'signup.drawn.html' },
      '/dashboard': { shell: 'dashboard.html' },
    };
    writeFileSync(join(shells, PAGE_SHELLS_INDEX), JSON.stringify(shellIndex));
    writeFileSync(join(shells, 'signup.html'), '<div id="root"></div><!-- signup shell -->');
    writeFileSync(
      join(shells, 'signup.drawn.html'),
      '<div id="root"><h1>Create Your Account</h1></div>',
    );
    writeFileSync(join(shells, 'dashboard.html'), '<div id="root"></div><!-- dashboard shell -->');
    // The build's brotli copies (scripts/precompress).
    for (const file of ['index.html', 'assets/index-abc123.js', '.pages/dashboard.html']) {
      writeFileSync(
        `${join(webDir, file)}.br`,
        brotliCompressSync(readFileSync(join(webDir, file))),
      );
    }
    t = await startTestApp(pglite, {}, { webDistDir: webDir });
    t.app.get('/api/test-failure', async () => {
      throw new Error('relation "students" does not exist at /srv/app/secret.ts:12');
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the security headers on pages and API answers', async () => {
    for (const url of ['/', API_PATHS.publicConfig]) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("frame-src 'self'");
      expect(csp).toContain("object-src 'none'");
      // No <base> can send the app's relative URLs elsewhere; images only from where the portal
      // shows them: its own files, a document's preview (blob:), schools' and agencies' logos.
      expect(csp).toContain("base-uri 'none'");
      expect(csp.split(';').map((directive) => directive.trim())).toContain(
        "img-src 'self' blob: https:",
      );
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      // HSTS only in production, so plain-http development is never pinned to https.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.demoLogin,
      headers: { 'content-type': 'application/json' },
      payload: '{"studentId": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringMatching(/JSON/) as unknown });
  });

  it('answers an oversized body with 413 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: API_PATHS.demoLogin,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(200 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: expect.stringMatching(/too large/i) as unknown });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it.each([
    ['DELETE', API_PATHS.messages, 'GET, HEAD, POST'],
    ['PUT', '/api/documents/7', 'DELETE'],
    ['GET', API_PATHS.logout, 'POST'],
    ['POST', '/dashboard', 'GET, HEAD'],
    ['DELETE', '/', 'GET, HEAD'],
  ])(
    'answers %s %s, which that path does not take, 405 with Allow: %s',
    async (method, url, allow) => {
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.json()).toEqual({ message: `This address does not take ${method} requests.` });
    },
  );

  it('answers a method on an unknown API path 404, not 405', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });

  it('hides what went wrong inside a 500 and logs it with the request id', async () => {
    const logged = vi.spyOn(t.app.log, 'error');
    const res = await t.app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: INTERNAL_ERROR_MESSAGE });
    expect(res.body).not.toMatch(/relation|secret\.ts|stack/);
    expect(res.headers['x-request-id']).toBeDefined();
    expect(logged).toHaveBeenCalled();
  });

  it('serves the single-page app for client routes, never for API paths', async () => {
    for (const url of ['/', '/dashboard', '/application/12', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("sends an address its own document from the build: drawn without a query string, else the page's shell", async () => {
    const page = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      return res.body;
    };
    expect(await page('/signup')).toContain('<h1>Create Your Account</h1>');
    expect(await page('/signup/')).toContain('<h1>Create Your Account</h1>');
    expect(await page('/signup?step=passkey')).toContain('<!-- signup shell -->');
    expect(await page('/dashboard')).toContain('<!-- dashboard shell -->');
    expect(await page('/profile')).toBe(await page('/no/such/page'));
    // The folder is the server's to read, not a path anyone can fetch.
    expect(await page(`/${PAGE_SHELLS_DIR}/${PAGE_SHELLS_INDEX}`)).not.toContain('signup.html');
    expect(await page(`/${PAGE_SHELLS_DIR}/signup.drawn.html`)).not.toContain('<h1>');
  });

  it('serves a real robots.txt and caches hashed assets for a year', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.body).toContain('User-agent: *');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's compressed copy to a browser that accepts it, the file itself to others", async () => {
    const brotli = { 'accept-encoding': 'gzip, deflate, br' };
    for (const url of ['/assets/index-abc123.js', '/dashboard']) {
      const compressed = await t.app.inject({ method: 'GET', url, headers: brotli });
      const plain = await t.app.inject({ method: 'GET', url });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('never lets a browser cache an API answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.publicConfig });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('publishes an OpenAPI document of its routes at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.docs });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths[API_PATHS.userProfile]?.get).toBeDefined();
    expect(doc.paths[API_PATHS.demoLogin]?.post).toBeDefined();
    expect(doc.paths[API_PATHS.publicConfig]?.get).toBeDefined();
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite, {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://portal.example.com',
      SIMULATED_IDENTITY_PROVIDER: 'true',
      SMTP_URL: 'smtp://mail.example.com:587',
      NOTIFICATION_WORKER: 'false',
    });
  });
  afterAll(() => t.close());

  it('adds HSTS and asks browsers to upgrade insecure requests', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.publicConfig });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('has no demo login', async () => {
    const res = await t.app.inject({ method: 'POST', url: API_PATHS.demoLogin });
    expect(res.statusCode).toBe(404);
  });

  it('says in /readyz that the simulated identity provider approves anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      warnings: [
        'SIMULATED_IDENTITY_PROVIDER=true in production: anyone passes the identity check by pressing Approve. Set the Veriff keys and remove it.',
      ],
    });
  });
});

describe('with API_DOCS=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(pglite, { API_DOCS: 'false' });
  });
  afterAll(() => t.close());

  it('publishes no OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_PATHS.docs });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

const postgres = testDatabaseKinds().find((kind) => kind.name === 'postgres');

describe.runIf(postgres)('on PostgreSQL, when the server ends idle connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (postgres) t = await startTestApp(postgres);
  });
  afterAll(() => t.close());

  it('keeps running and answers the next request on a new connection', async () => {
    const { database } = t.app.config;
    if (!('url' in database)) throw new Error('a PostgreSQL test app has a URL');
    // Several idle connections in the pool, then a restart or failover ends them all.
    await Promise.all(
      Array.from({ length: 4 }, () => t.app.db.execute(sql`select pg_sleep(0.05)`)),
    );
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const ended = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await admin.end();
    expect(ended.rowCount).toBeGreaterThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const res = await t.app.inject({ method: 'POST', url: API_PATHS.demoLogin });
    expect(res.statusCode).toBe(200);
  });
});
