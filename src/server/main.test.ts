import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../shared/api-paths.js';

const TSX = join('node_modules', '.bin', 'tsx');
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

interface Started {
  output: () => string;
  exited: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
}

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-main-'));
  dirs.push(dataDir);
  return dataDir;
}

function startMain(env: Record<string, string>, dataDir = newDataDir()): Started {
  const child = spawn(TSX, ['src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      VISA_WAIT_TIMES_REFRESH_HOURS: '0',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    output: () => output,
    exited: new Promise((resolve) => child.on('exit', resolve)),
    kill: (signal) => child.kill(signal),
  };
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
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

  it('migrates, seeds, prints the demo details, serves, and exits cleanly on SIGTERM', async () => {
    const started = startMain({ PORT: '0', HOST: '127.0.0.1' });
    await waitFor(() => started.output().includes('date of birth'), 45_000);
    const url = /Student portal: (http:\/\/localhost:\d+)/.exec(started.output())?.[1];
    expect(url).toBeDefined();
    expect(started.output()).toContain('DEMO-2026');
    expect(started.output()).toContain('X1234567');
    expect(started.output()).toContain('2000-01-15');
    const res = await fetch(`${url?.replace('localhost', '127.0.0.1') ?? ''}/api/config`);
    expect(await res.json()).toEqual({
      productName: 'F-1 Student Portal',
      demoMode: true,
      simulatedPasskeys: true,
    });
    started.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  }, 60_000);

  it('without demo mode, serves every consulate and stores the interview questions, once across restarts', async () => {
    const dataDir = newDataDir();
    const env = { PORT: '0', HOST: '127.0.0.1', DEMO_MODE: 'false' };
    for (let start = 0; start < 2; start += 1) {
      const started = startMain(env, dataDir);
      await waitFor(() => started.output().includes('Student portal:'), 45_000);
      const port = /Student portal: http:\/\/localhost:(\d+)/.exec(started.output())?.[1];
      const base = `http://127.0.0.1:${port ?? ''}`;
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
