import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_VAPID_KEYS } from './test/test-app.js';
import { ConfigError, configWarnings, loadConfig } from './config.js';

const secrets = { TOKEN_SECRET: 'x'.repeat(40), DATA_KEY: 'ab'.repeat(32), ...TEST_VAPID_KEYS };
let dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe('loadConfig', () => {
  it('starts a fresh clone with the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(5000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.demoMode).toBe(true);
    expect(config.publicOrigin).toBe('http://localhost:5000');
    expect('dataDir' in config.database).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({
      ...secrets,
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://u@db:5432/portal',
    });
    expect(config.database).toEqual({ url: 'postgres://u@db:5432/portal' });
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root@localhost/db' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'not a url' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'https://portal.example.com/app' }],
    ['TOKEN_SECRET', { TOKEN_SECRET: 'short' }],
    ['DATA_KEY', { DATA_KEY: 'not-hex' }],
    ['DEMO_MODE', { DEMO_MODE: 'yes' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['BRAND_THEME_COLOR', { BRAND_THEME_COLOR: 'blue' }],
  ])('refuses a bad %s and names it', (name, env) => {
    expect(() => loadConfig({ ...secrets, DATA_DIR: tempDir(), ...env })).toThrow(
      expect.objectContaining({
        name: 'ConfigError',
        message: expect.stringContaining(name) as unknown,
      }),
    );
  });

  it('refuses to start in production without its secrets, naming each one', () => {
    const start = () => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/TOKEN_SECRET, DATA_KEY, PUBLIC_ORIGIN must be set in production/);
  });

  it('turns demo mode off in production and refuses to turn it on there', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://portal.example.com',
      SIMULATED_IDENTITY_PROVIDER: 'true',
      SMTP_URL: 'smtp://mail.example.com:587',
      ...secrets,
    };
    expect(loadConfig({ ...production, DATA_DIR: tempDir() }).demoMode).toBe(false);
    expect(loadConfig({ ...production, DATA_DIR: tempDir(), DEMO_MODE: 'false' }).demoMode).toBe(
      false,
    );
    expect(() => loadConfig({ ...production, DATA_DIR: tempDir(), DEMO_MODE: 'true' })).toThrow(
      'Invalid configuration: DEMO_MODE cannot be true in production: demo login signs anyone in as a seeded student',
    );
    expect(loadConfig({ DATA_DIR: tempDir() }).demoMode).toBe(true);
  });

  it('generates development secrets once and keeps them in DATA_DIR across restarts', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(existsSync(join(dataDir, 'dev-secrets.json'))).toBe(true);
    expect(first.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.dataKey).toHaveLength(32);
    expect(second.tokenSecret).toBe(first.tokenSecret);
    expect(second.dataKey.equals(first.dataKey)).toBe(true);
  });

  it('uses given secrets and writes none to disk', () => {
    const dataDir = tempDir();
    const config = loadConfig({ ...secrets, DATA_DIR: dataDir });
    expect(config.tokenSecret).toBe(secrets.TOKEN_SECRET);
    expect(existsSync(join(dataDir, 'dev-secrets.json'))).toBe(false);
  });

  it('reads the trusted proxies as a list', () => {
    const config = loadConfig({
      ...secrets,
      DATA_DIR: tempDir(),
      TRUST_PROXY: '10.0.0.1, 10.0.1.0/24',
    });
    expect(config.trustProxy).toEqual(['10.0.0.1', '10.0.1.0/24']);
  });

  it('sends e-mail through SMTP_URL, to the mailbox without it, and refuses production without either', () => {
    const production = {
      ...secrets,
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://portal.example.com',
      SIMULATED_IDENTITY_PROVIDER: 'true',
    };
    expect(() => loadConfig({ ...production, DATA_DIR: tempDir() })).toThrow(
      'Invalid configuration: SMTP_URL must be set in production (or EMAIL_OFF=true to send no e-mail)',
    );
    const off = loadConfig({ ...production, DATA_DIR: tempDir(), EMAIL_OFF: 'true' });
    expect(off.mail).toEqual({ kind: 'off' });
    expect(configWarnings(off)).toEqual(
      expect.arrayContaining([expect.stringContaining('EMAIL_OFF=true in production')]),
    );
    const smtp = loadConfig({
      ...production,
      DATA_DIR: tempDir(),
      SMTP_URL: 'smtps://portal:secret@mail.example.com:465',
    });
    expect(smtp.mail).toEqual({
      kind: 'smtp',
      url: 'smtps://portal:secret@mail.example.com:465',
      from: 'F-1 Student Portal <no-reply@portal.example.com>',
    });
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, MAIL_FROM: 'Portal <a@b.example>' }).mail).toEqual({
      kind: 'mailbox',
      directory: join(dataDir, 'mailbox'),
      from: 'Portal <a@b.example>',
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMTP_URL: 'http://mail.example.com' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });

  it('signs web push with VAPID keys: generated once outside production, required in production, a mismatched pair refused', () => {
    const dataDir = tempDir();
    const generated = loadConfig({ DATA_DIR: dataDir }).push;
    expect(generated.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(loadConfig({ DATA_DIR: dataDir }).push).toEqual(generated);
    expect(generated.subject).toBe('mailto:no-reply@localhost');

    const production = {
      ...secrets,
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: 'https://portal.example.com',
      SIMULATED_IDENTITY_PROVIDER: 'true',
      EMAIL_OFF: 'true',
    };
    const withoutPrivateKey = Object.fromEntries(
      Object.entries(production).filter(([name]) => name !== 'VAPID_PRIVATE_KEY'),
    );
    expect(() => loadConfig({ ...withoutPrivateKey, DATA_DIR: tempDir() })).toThrow(
      /VAPID_PRIVATE_KEY must be set in production/,
    );
    expect(loadConfig({ ...production, DATA_DIR: tempDir() }).push).toEqual({
      publicKey: TEST_VAPID_KEYS.VAPID_PUBLIC_KEY,
      privateKey: TEST_VAPID_KEYS.VAPID_PRIVATE_KEY,
      subject: 'https://portal.example.com',
    });
    expect(() =>
      loadConfig({ ...production, DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: generated.publicKey }),
    ).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not one key pair/);
    expect(() =>
      loadConfig({ ...production, DATA_DIR: tempDir(), VAPID_SUBJECT: 'http://example.com' }),
    ).toThrow(/VAPID_SUBJECT: must be an https:\/\/ URL or a mailto: address/);
    expect(() =>
      loadConfig({ ...production, DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: 'short' }),
    ).toThrow(/VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key/);
  });

  it('delivers notifications on every instance but under test, unless told', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).notificationWorker).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }).notificationWorker).toBe(false);
    expect(
      loadConfig({ DATA_DIR: tempDir(), NOTIFICATION_WORKER: 'false' }).notificationWorker,
    ).toBe(false);
  });
});
