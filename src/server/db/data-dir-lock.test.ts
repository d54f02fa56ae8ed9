import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdminFromEnv } from '../test/run-admin-command.js';
import { listeningUrl, startServerProcess } from '../test/server-process.js';
import { openDatabase } from './client.js';
import { HEARTBEAT_STALE_MS, type LockRecord, lockDataDir } from './data-dir-lock.js';
import { DEMO_LOGIN_EMAIL } from './demo-identities.js';
import { students } from './schema.js';

const IN_USE = /^The embedded database in .+ is in use by another process \(pid \d+/;
const onLinux = process.platform === 'linux';

/** Fields of /proc/PID/stat after the command name, which may hold spaces and parentheses. */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat
    .slice(stat.lastIndexOf(')') + 1)
    .trim()
    .split(' ');
}
const processState = (pid: number) => statFields(pid)[0];
const startTimeOf = (pid: number) => statFields(pid)[19] ?? null;

describe('the embedded database folder lock', () => {
  let dataDir: string;
  let pgdata: string;
  const lockFile = () => `${pgdata}.lock`;
  const held = () => JSON.parse(readFileSync(lockFile(), 'utf8')) as LockRecord;
  /** Takes the lock and lets it go, answering what this process wrote in it. */
  const takeAndRelease = () => {
    const lock = lockDataDir(pgdata, dataDir);
    const record = held();
    lock.release();
    return record;
  };
  /** A lock file as another process would have left it, on the base of one of ours. */
  const leaveLock = (record: Partial<LockRecord>) => {
    rmSync(lockFile(), { force: true });
    writeFileSync(lockFile(), JSON.stringify({ ...takeAndRelease(), token: 'theirs', ...record }));
  };
  const age = (ms: number) => {
    const then = new Date(Date.now() - ms);
    utimesSync(lockFile(), then, then);
  };

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-lock-'));
    pgdata = join(dataDir, 'pgdata');
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second open of a held folder, naming the holder, until close releases it', async () => {
    const first = openDatabase({ dataDir }, () => undefined);
    await first.db.execute('select 1');
    expect(held().pid).toBe(process.pid);
    expect(() => openDatabase({ dataDir }, () => undefined)).toThrow(
      `The embedded database in ${dataDir} is in use by another process (pid ${process.pid}). Stop the server first, or use PostgreSQL (DATABASE_URL) to run commands beside a running server.`,
    );
    await first.close();
    expect(existsSync(lockFile())).toBe(false);

    const second = openDatabase({ dataDir }, () => undefined);
    const rows = await second.db.execute('select 1 as one');
    expect(rows).toMatchObject({ rows: [{ one: 1 }] });
    await second.close();
    // Two PGlite start-ups (initdb in WebAssembly), each seconds long on a busy machine.
  }, 120_000);

  it('releases only its own lock, once', () => {
    const lock = lockDataDir(pgdata, dataDir);
    lock.release();
    leaveLock({ pid: process.ppid, token: 'theirs' });
    lock.release();
    expect(held().token).toBe('theirs');
  });

  it('takes over a lock whose process has died (kill -9), or that cannot be read', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    leaveLock({ pid: gone });
    expect(takeAndRelease()).toMatchObject({ pid: process.pid });
    writeFileSync(lockFile(), '{"pid":');
    expect(takeAndRelease()).toMatchObject({ pid: process.pid });
  });

  it.runIf(onLinux)(
    'takes over a lock whose process was killed but not yet reaped (a zombie)',
    async () => {
      // `sh` starts `sleep 0` in the background, prints its pid, and becomes `sleep 30`, which
      // never waits for children: the finished `sleep 0` stays a zombie until its parent ends.
      const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30']);
      try {
        const [line] = (await once(parent.stdout, 'data')) as [Buffer];
        const zombie = Number(line.toString().trim());
        // `sleep 0` may take a moment to run and end on a busy machine.
        await expect.poll(() => processState(zombie), { timeout: 10_000 }).toBe('Z');
        leaveLock({ pid: zombie, startTime: startTimeOf(zombie) });
        expect(takeAndRelease()).toMatchObject({ pid: process.pid });
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );

  it('takes over a lock with our own pid that this process does not hold (PID 1 in a restarted container)', () => {
    leaveLock({ pid: process.pid, token: 'an earlier life' });
    expect(takeAndRelease().token).not.toBe('an earlier life');
  });

  it.runIf(onLinux)(
    'honours a live process, but not one that only reuses its pid (another start time)',
    () => {
      const parentStart = startTimeOf(process.ppid) ?? '';
      leaveLock({ pid: process.ppid, startTime: parentStart });
      expect(() => lockDataDir(pgdata, dataDir)).toThrow(IN_USE);
      expect(() => lockDataDir(pgdata, dataDir)).toThrow(`(pid ${process.ppid})`);

      leaveLock({ pid: process.ppid, startTime: `${parentStart}0` });
      expect(takeAndRelease()).toMatchObject({ pid: process.pid });
    },
  );

  it('honours a lock from another container or machine while its heartbeat is fresh', () => {
    leaveLock({ pid: 1, namespace: 'linux:another-boot:pid:[1]', host: 'web-2' });
    age(HEARTBEAT_STALE_MS - 5_000);
    expect(() => lockDataDir(pgdata, dataDir)).toThrow(
      '(pid 1 on web-2, in another container or machine)',
    );
    age(HEARTBEAT_STALE_MS + 1_000);
    expect(takeAndRelease()).toMatchObject({ pid: process.pid });
    expect(existsSync(lockFile())).toBe(false);
  });
});

describe('a running server and its embedded database folder', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-lock-server-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** `npm run admin` with the server's settings: DATA_DIR, and its generated dev-secrets.json. */
  const admin = async (...argv: string[]) => {
    const { code, err } = await runAdminFromEnv(
      { DATA_DIR: dataDir, NODE_ENV: 'development' },
      argv,
    );
    return { code, err };
  };
  async function majorOfDemoStudent() {
    const handle = openDatabase({ dataDir }, () => undefined);
    try {
      const [row] = await handle.db
        .select({ major: students.major })
        .from(students)
        .where(eq(students.email, DEMO_LOGIN_EMAIL));
      return row?.major;
    } finally {
      await handle.close();
    }
  }

  it('refuses the admin command line while the server runs, starts again after a kill -9, and releases the folder on SIGTERM', async () => {
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
    const server = startServerProcess(env);
    await listeningUrl(server);
    const refused = await admin('update-student', DEMO_LOGIN_EMAIL, '--major', 'Art');
    expect(refused).toEqual({
      code: 1,
      err: `The embedded database in ${dataDir} is in use by another process (pid ${server.pid}). Stop the server first, or use PostgreSQL (DATABASE_URL) to run commands beside a running server.`,
    });

    server.kill('SIGKILL');
    expect(await server.exited).toBeNull();
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(true);
    const restarted = startServerProcess(env);
    const url = await listeningUrl(restarted);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    restarted.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);

    expect(await majorOfDemoStudent()).toBe('Data Science');
    expect(await admin('update-student', DEMO_LOGIN_EMAIL, '--major', 'Art')).toEqual({
      code: 0,
      err: '',
    });
    expect(await majorOfDemoStudent()).toBe('Art');
  }, 180_000);
});
