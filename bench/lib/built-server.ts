/**
 * The production server as `npm start` runs it once built (`node dist/server/main.js`), on a data
 * directory the caller chooses, like scripts/e2e-server.mjs. Needs `npm run build` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

const MAIN = 'dist/server/main.js';
const POLL_MS = 10;
const GIVE_UP_MS = 120_000;

export interface BuiltServer {
  origin: string;
  /** The server process's id, to read its memory from /proc. */
  pid: number;
  /** Milliseconds from spawning node to the first 200 answer for `/`. */
  msToFirstPage: number;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function answersPage(origin: string): Promise<boolean> {
  try {
    const res = await fetch(`${origin}/`);
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false; // not listening yet
  }
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}

/** `env`: settings on top of the benchmark defaults below (DATABASE_URL, for one). */
export async function startBuiltServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<BuiltServer> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first.`);
  const port = await freePort();
  // localhost, not 127.0.0.1: passkeys and the app's own origin checks expect it (playwright.config.ts).
  const origin = `http://localhost:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [MAIN], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // No scheduled fetch of the State Department's page in the middle of a measurement.
      VISA_WAIT_TIMES_REFRESH_HOURS: '0',
      // Every load comes from this machine's one address: 100 connections of the soak are one client.
      CONNECTIONS_PER_CLIENT: '1000',
      ...env,
    },
  });
  const stop = stopper(child);
  while (!(await answersPage(origin))) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode})`);
    if (performance.now() - started > GIVE_UP_MS) {
      await stop();
      throw new Error(`the server did not answer / within ${GIVE_UP_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { origin, pid: child.pid ?? 0, msToFirstPage: performance.now() - started, stop };
}
