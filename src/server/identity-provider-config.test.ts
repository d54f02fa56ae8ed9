import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_VAPID_KEYS } from './test/test-app.js';
import { ConfigError, loadConfig } from './config.js';

const secrets = { TOKEN_SECRET: 'x'.repeat(40), DATA_KEY: 'ab'.repeat(32), ...TEST_VAPID_KEYS };
const production = {
  ...secrets,
  NODE_ENV: 'production',
  PUBLIC_ORIGIN: 'https://portal.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
};
const veriffKeys = { VERIFF_API_KEY: 'api-key', VERIFF_SHARED_SECRET: 'shared-secret' };
let dirs: string[] = [];
const load = (env: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-config-'));
  dirs.push(dir);
  return loadConfig({ DATA_DIR: dir, ...env });
};
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

describe('identity provider settings', () => {
  it('uses the simulated provider outside production when no Veriff keys are set', () => {
    expect(load(secrets).identityProvider).toEqual({ kind: 'simulated' });
  });

  it('uses Veriff at its documented address when both keys are set', () => {
    expect(load({ ...secrets, ...veriffKeys }).identityProvider).toEqual({
      kind: 'veriff',
      apiKey: 'api-key',
      sharedSecret: 'shared-secret',
      baseUrl: 'https://stationapi.veriff.com',
    });
    expect(
      load({ ...production, ...veriffKeys, VERIFF_BASE_URL: 'https://example.veriff.test/' })
        .identityProvider,
    ).toMatchObject({ kind: 'veriff', baseUrl: 'https://example.veriff.test' });
  });

  it('refuses to start in production without Veriff keys, naming them', () => {
    const start = () => load(production);
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(
      /VERIFF_API_KEY, VERIFF_SHARED_SECRET must be set in production \(or SIMULATED_IDENTITY_PROVIDER=true/,
    );
    expect(() => load({ ...production, VERIFF_API_KEY: 'api-key' })).toThrow(
      /VERIFF_SHARED_SECRET must be set in production/,
    );
  });

  it('runs the simulated provider in production only when SIMULATED_IDENTITY_PROVIDER=true', () => {
    expect(load({ ...production, SIMULATED_IDENTITY_PROVIDER: 'true' }).identityProvider).toEqual({
      kind: 'simulated',
    });
  });

  it('refuses half a Veriff configuration, or the simulated provider turned off without keys', () => {
    expect(() => load({ ...secrets, VERIFF_SHARED_SECRET: 'shared-secret' })).toThrow(
      /VERIFF_API_KEY must be set/,
    );
    expect(() => load({ ...secrets, SIMULATED_IDENTITY_PROVIDER: 'false' })).toThrow(
      /VERIFF_API_KEY, VERIFF_SHARED_SECRET must be set/,
    );
  });

  it.each([
    ['VERIFF_BASE_URL', { VERIFF_BASE_URL: 'not a url' }],
    ['VERIFF_BASE_URL', { VERIFF_BASE_URL: 'ftp://veriff.example' }],
    ['SIMULATED_IDENTITY_PROVIDER', { SIMULATED_IDENTITY_PROVIDER: 'yes' }],
    ['VERIFF_API_KEY', { VERIFF_API_KEY: '  ' }],
  ])('refuses a bad %s and names it', (name, env) => {
    expect(() => load({ ...secrets, ...env })).toThrow(
      expect.objectContaining({ message: expect.stringContaining(name) as unknown }),
    );
  });
});
