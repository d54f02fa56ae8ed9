import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../shared/api-paths.js';
import { TEST_VAPID_KEYS } from './test/test-app.js';
import { listeningUrl, type ServerProcess, startServerProcess } from './test/server-process.js';

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-main-'));
  dirs.push(dataDir);
  return dataDir;
}

function startMain(env: Record<string, string>, dataDir = newDataDir()): ServerProcess {
  return startServerProcess({ DATA_DIR: dataDir, ...env });
}

describe('main', () => {
  it('stops start-up with a message naming a bad variable', async () => {
    const started = startMain({ PORT: 'eighty' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/Invalid configuration: PORT/);
  });

  it('refuses to start in production without its secrets', async () => {
    const started = startMain({ NODE_ENV: 'production' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(
      /TOKEN_SECRET, DATA_KEY, PUBLIC_ORIGIN must be set in production/,
    );
  });

  it('warns loudly at start-up when production runs the simulated identity provider, or sends no e-mail', async () => {
    const started = startMain({
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      TOKEN_SECRET: 'production-token-secret-that-is-long-enough',
      DATA_KEY: 'ab'.repeat(32),
      ...TEST_VAPID_KEYS,
      PUBLIC_ORIGIN: 'https://portal.example.com',
      SIMULATED_IDENTITY_PROVIDER: 'true',
      EMAIL_OFF: 'true',
    });
    await listeningUrl(started, 45_000);
    await started.waitForOutput(
      /WARNING: SIMULATED_IDENTITY_PROVIDER=true in production: anyone passes the identity check/,
      5_000,
    );
    await started.waitForOutput(
      /WARNING: EMAIL_OFF=true in production: students and staff get no e-mail/,
      5_000,
    );
    started.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  }, 60_000);

  it('migrates, seeds, prints the demo details, serves, and exits cleanly on SIGTERM', async () => {
    const started = startMain({ PORT: '0', HOST: '127.0.0.1' });
    await started.waitForOutput(/date of birth/, 45_000);
    const url = await listeningUrl(started);
    expect(started.output()).toContain('DEMO-2026');
    expect(started.output()).toContain('X1234567');
    expect(started.output()).toContain('2000-01-15');
    expect(started.output()).toMatch(/Staff console: +http:\/\/localhost:\d+\/staff/);
    expect(started.output()).toContain('"Try as agent"');
    const res = await fetch(`${url}/api/config`);
    expect(await res.json()).toEqual({
      productName: 'F-1 Student Portal',
      demoMode: true,
      simulatedPasskeys: true,
      vapidPublicKey: expect.stringMatching(/^B[A-Za-z0-9_-]{86}$/) as unknown,
    });
    started.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  }, 60_000);

  it('without demo mode, serves every consulate and stores the interview questions, once across restarts', async () => {
    const dataDir = newDataDir();
    const env = { PORT: '0', HOST: '127.0.0.1', DEMO_MODE: 'false' };
    for (let start = 0; start < 2; start += 1) {
      const started = startMain(env, dataDir);
      const base = await listeningUrl(started, 45_000);
      const waitTimes = await fetch(`${base}${API_PATHS.visaWaitTimes}`);
      expect(waitTimes.status).toBe(200);
      expect(await waitTimes.json()).toHaveLength(241);
      expect((await fetch(`${base}${API_PATHS.demoLogin}`, { method: 'POST' })).status).toBe(404);
      started.kill('SIGTERM');
      expect(await started.exited).toBe(0);
    }
    const db = new PGlite(join(dataDir, 'pgdata'));
    try {
      const counts = await db.query<{ questions: number; refreshes: number; students: number }>(
        `select (select count(*)::int from moi_questions) as questions,
                (select count(*)::int from visa_wait_time_refreshes) as refreshes,
                (select count(*)::int from students) as students`,
      );
      expect(counts.rows).toEqual([{ questions: 3, refreshes: 1, students: 0 }]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
