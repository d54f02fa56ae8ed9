import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

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

function startMain(env: Record<string, string>): Started {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-main-'));
  dirs.push(dataDir);
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
});
