import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirNotPrivateError, openPrivateFolder } from '../db/private-data-dir.js';
import { runAdminFromEnv } from '../test/run-admin-command.js';
import { SERVER_TEST_TIMEOUT_MS, signInDemoStudent } from '../test/server-site.js';
import { listeningUrl, startServerProcess } from '../test/server-process.js';

/** Every path under `root` (itself included) whose mode lets a group or other users in. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stats = statSync(path);
    if ((stats.mode & 0o077) !== 0) found.push(`${path} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}

/** Runs `body` with the most permissive umask, as a careless shell or service manager may start us. */
async function underUmask000<T>(body: () => Promise<T>): Promise<T> {
  const before = process.umask(0);
  try {
    return await body();
  } finally {
    process.umask(before);
  }
}

// docs/security-tests.md, issue 19 finding 2: the embedded database's WAL and files were mode 0666 in 0755 folders.
// ASVS 5.0 V13 (configuration), V14.2 (sensitive data protection on the server).
describe('the data folder is owner-only', { timeout: SERVER_TEST_TIMEOUT_MS }, () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'portal-private-')), 'data');
  });
  afterEach(() => {
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  it('keeps every folder and file the server writes (database, WAL, documents, secrets) from other users, whatever the umask it starts with', async () => {
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
    const server = await underUmask000(async () => startServerProcess(env));
    const url = await listeningUrl(server);
    const student = await signInDemoStudent(url);
    const upload = student.startDocumentUpload();
    upload.finish();
    expect(await upload.outcome).toMatchObject({ kind: 'answered', status: 201 });
    // While it runs, no other user can enter a folder: whatever a file's own mode, it is out of reach.
    expect(
      openToOthers(dataDir).filter((entry) => statSync(entry.split(' ')[0] ?? '').isDirectory()),
    ).toEqual([]);
    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    expect(readdirSync(join(dataDir, 'pgdata', 'pg_wal')).length).toBeGreaterThan(0);
    expect(readdirSync(join(dataDir, 'files')).length).toBeGreaterThan(0);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('refuses to start, and the command line refuses to open it, when the database folder is open to others', async () => {
    openPrivateFolder(join(dataDir, 'pgdata'));
    chmodSync(join(dataDir, 'pgdata'), 0o755);
    const refusal = `The embedded database folder ${join(dataDir, 'pgdata')} can be opened by other users of this machine (mode 0755). Start-up stopped. Make it private to this user with: chmod -R go= ${join(dataDir, 'pgdata')}`;

    const server = startServerProcess({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(refusal);

    const admin = await runAdminFromEnv({ DATA_DIR: dataDir, NODE_ENV: 'development' }, [
      'wait-times-status',
    ]);
    expect(admin).toMatchObject({ code: 1, err: refusal });
  });

  it.each(['0750', '0705', '0701'])('refuses a database folder of mode %s', (mode) => {
    const pgdata = join(dataDir, 'pgdata');
    openPrivateFolder(pgdata);
    chmodSync(pgdata, parseInt(mode, 8));
    expect(() => {
      openPrivateFolder(pgdata);
    }).toThrow(DataDirNotPrivateError);
    chmodSync(pgdata, 0o700);
    expect(() => {
      openPrivateFolder(pgdata);
    }).not.toThrow();
  });
});
