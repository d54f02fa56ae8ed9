import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import snapshot from '../../db/seed-data/visa-wait-times-fmj-2026-07-14.json' with { type: 'json' };

// Secrets given, so no development secrets are written anywhere.
const base = { TOKEN_SECRET: 'x'.repeat(40), DATA_KEY: 'ab'.repeat(32), DATA_DIR: '/nonexistent' };

describe('the visa wait-time settings', () => {
  it('default to the snapshot’s source page, daily, and off under NODE_ENV=test', () => {
    expect(loadConfig(base).visaWaitTimes).toEqual({
      sourceUrl: snapshot.sourceUrl,
      refreshHours: 24,
    });
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).visaWaitTimes.refreshHours).toBe(0);
  });

  it('take a URL and a number of hours, 0 turning the refresh off', () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: 'test',
      VISA_WAIT_TIMES_URL: 'http://127.0.0.1:8080/wait-times.html',
      VISA_WAIT_TIMES_REFRESH_HOURS: '6',
    });
    expect(config.visaWaitTimes).toEqual({
      sourceUrl: 'http://127.0.0.1:8080/wait-times.html',
      refreshHours: 6,
    });
    expect(
      loadConfig({ ...base, VISA_WAIT_TIMES_REFRESH_HOURS: '0' }).visaWaitTimes.refreshHours,
    ).toBe(0);
  });

  it.each([
    ['VISA_WAIT_TIMES_URL', { VISA_WAIT_TIMES_URL: 'not a url' }],
    ['VISA_WAIT_TIMES_URL', { VISA_WAIT_TIMES_URL: 'ftp://example.com/page.html' }],
    ['VISA_WAIT_TIMES_REFRESH_HOURS', { VISA_WAIT_TIMES_REFRESH_HOURS: 'daily' }],
    ['VISA_WAIT_TIMES_REFRESH_HOURS', { VISA_WAIT_TIMES_REFRESH_HOURS: '0.5' }],
    ['VISA_WAIT_TIMES_REFRESH_HOURS', { VISA_WAIT_TIMES_REFRESH_HOURS: '-1' }],
    ['VISA_WAIT_TIMES_REFRESH_HOURS', { VISA_WAIT_TIMES_REFRESH_HOURS: '1000' }],
  ])('refuses a bad %s and names it', (name, env) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(
      expect.objectContaining({
        name: 'ConfigError',
        message: expect.stringContaining(name) as unknown,
      }),
    );
  });
});
