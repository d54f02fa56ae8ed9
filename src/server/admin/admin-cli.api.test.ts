import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { seedReferenceData } from '../db/seed-reference-data.js';
import { runAdminFromEnv } from '../test/run-admin-command.js';
import { TEST_DATA_KEY, TEST_TOKEN_SECRET } from '../test/test-app.js';
import { type TestDatabase, testDatabaseKinds } from '../test/test-databases.js';
import { ADMIN_COMMANDS } from './commands.js';

const fixture = readFileSync(
  new URL('../modules/visa-wait-times/fixtures/current-months.html.txt', import.meta.url),
  'utf8',
);

const cli = (env: NodeJS.ProcessEnv, ...argv: string[]) => runAdminFromEnv(env, argv);

describe('admin command line usage', () => {
  it('lists the commands, and prints help for every one without opening a database', async () => {
    const overview = await cli({}, '--help');
    expect(overview.code).toBe(0);
    for (const command of ADMIN_COMMANDS) {
      expect(overview.out).toContain(command.name);
      const help = await cli({ DATABASE_URL: 'not a url' }, command.name, '--help');
      expect(help).toMatchObject({ code: 0, err: '' });
      expect(help.out).toContain(`Usage: npm run admin -- ${command.name}`);
    }
    expect((await cli({})).code).toBe(2);
  });

  it('refuses an unknown command or option with exit code 2 and says what to run', async () => {
    const unknown = await cli({}, 'import-pupils');
    expect(unknown).toMatchObject({ code: 2 });
    expect(unknown.err).toContain('Unknown command "import-pupils"');
    const option = await cli({}, 'waitlist', '--format', 'xml');
    expect(option.code).toBe(2);
    expect(option.err).toContain("waitlist: Unknown option '--format'");
    expect(option.err).toContain('Run npm run admin -- waitlist --help for usage.');
    const extra = await cli({}, 'wait-times-status', 'now');
    expect(extra.err).toContain('wait-times-status: expected no arguments, got "now"');
  });

  it('names a bad setting as the server does', async () => {
    const run = await cli({ NODE_ENV: 'test', DATA_KEY: 'short' }, 'waitlist');
    expect(run.code).toBe(1);
    expect(run.err).toContain('DATA_KEY: must be 64 hexadecimal characters');
  });

  it('says when the database cannot be reached', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-'));
    try {
      const run = await cli(
        {
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          TOKEN_SECRET: TEST_TOKEN_SECRET,
          DATA_KEY: TEST_DATA_KEY,
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        },
        'waitlist',
      );
      expect(run.code).toBe(1);
      expect(run.err).toContain('Cannot reach the database');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabaseKinds())('admin command line on $name, from the settings', (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let source: Server;
  let sourceStatus = 200;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    database = await kind.create({ persistent: true });
    dataDir =
      'dataDir' in database.location
        ? database.location.dataDir
        : mkdtempSync(join(tmpdir(), 'admin-cli-'));
    source = createServer((_req, res) => {
      res.writeHead(sourceStatus, { 'content-type': 'text/html' });
      res.end(sourceStatus === 200 ? fixture : 'down');
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TOKEN_SECRET: TEST_TOKEN_SECRET,
      DATA_KEY: TEST_DATA_KEY,
      VISA_WAIT_TIMES_URL: `http://127.0.0.1:${(source.address() as AddressInfo).port}/wait-times`,
      ...('url' in database.location ? { DATABASE_URL: database.location.url } : {}),
    };
  });
  afterAll(async () => {
    await new Promise((resolve) => source.close(resolve));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a database the server has not migrated, and changes nothing', async () => {
    const run = await cli(env, 'wait-times-status');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(
      /The database has 0 of this version's \d+ migrations\. Start the server/,
    );
  });

  it('refreshes the wait times now and shows when and from where', async () => {
    // What the server does at start-up: migrate, and seed the reference snapshot.
    const handle = openDatabase(database.location, () => undefined);
    await handle.migrate();
    await seedReferenceData(handle.db);
    await handle.close();

    const before = await cli(env, 'wait-times-status');
    expect(before.code).toBe(0);
    expect(before.out).toContain('Last good refresh:');
    expect(before.out).toContain('travel.state.gov');

    const refreshed = await cli(env, 'refresh-wait-times');
    expect(refreshed).toMatchObject({ code: 0, err: '' });
    expect(refreshed.out).toMatch(/Refreshed: \d+ posts/);

    sourceStatus = 503;
    const failed = await cli(env, 'refresh-wait-times');
    expect(failed.code).toBe(1);
    expect(failed.err).toContain('The refresh failed; the last good figures stay.');

    const status = await cli(env, 'wait-times-status', '--last', '2');
    expect(status.code).toBe(0);
    expect(status.out).toContain(`Last good refresh: `);
    expect(status.out).toContain(`from ${env.VISA_WAIT_TIMES_URL ?? ''}`);
    const attempts = status.out.split('\n').slice(-2);
    expect(attempts[0]).toContain('failed');
    expect(attempts[1]).toContain('ok');
  });
});
