import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentsOf,
  type Portal,
  portalCli,
  portals,
  SEEDING_MS,
  seedWithFiles,
  storedKeys,
  withApp,
} from '../../test/backup-portal.js';
import { runAdminCommand } from '../../test/run-admin-command.js';
import { s3ForSuite } from '../../test/s3-test-server.js';
import { testDatabaseKinds } from '../../test/test-databases.js';
import {
  MANIFEST_FILE,
  storedFilePath,
  type TBackupManifest,
  tableFilePath,
} from './backup-format.js';

/**
 * What restore refuses, and that a refusal changes nothing (docs/operations.md, Backups; OWASP
 * ASVS 5.0 V14.2, data integrity): damaged, cut short, foreign or newer backups are refused
 * before the database is opened; a damaged stored file, rows that do not fit and another DATA_KEY
 * once it is open, with the files already stored for that restore removed again, on local
 * storage and on S3.
 */
/** One set of portals for the file: the PGlite ones share the cost of creating a database. */
const made = portals();
afterAll(() => made.stopAll());

describe.each(testDatabaseKinds())('restore refusals on $name', (kind) => {
  const work = mkdtempSync(join(tmpdir(), 'portal-backups-'));
  const backupDir = join(work, 'backup');
  let manifest: TBackupManifest;
  let target: Portal;

  /** A copy of the backup, changed by `damage`. */
  const copyOfBackup = (name: string, damage: (dir: string) => void) => {
    const dir = mkdtempSync(join(work, `${name}-`));
    cpSync(backupDir, dir, { recursive: true });
    damage(dir);
    return dir;
  };
  const editManifest = (dir: string, edit: (m: TBackupManifest) => void) => {
    const path = join(dir, MANIFEST_FILE);
    const edited = JSON.parse(readFileSync(path, 'utf8')) as TBackupManifest;
    edit(edited);
    writeFileSync(path, JSON.stringify(edited));
  };
  const flipByte = (path: string, at: (length: number) => number) => {
    const bytes = readFileSync(path);
    const index = at(bytes.length);
    bytes[index] = (bytes[index] ?? 0) ^ 0x01;
    writeFileSync(path, bytes);
  };
  /** The last stored file of the backup is damaged, so the ones before it are stored first. */
  const withDamagedLastFile = () =>
    copyOfBackup('damaged-file', (dir) => {
      const last = manifest.files.at(-1)?.key ?? '';
      flipByte(storedFilePath(dir, last), (length) => length - 1);
    });
  /** A student twice, with a manifest that agrees: only the database can find it wrong. */
  const withStudentTwice = () =>
    copyOfBackup('student-twice', (dir) => {
      const path = tableFilePath(dir, 'students');
      const text = readFileSync(path, 'utf8');
      const doubled = `${text}${text.split('\n')[0] ?? ''}\n`;
      writeFileSync(path, doubled);
      editManifest(dir, (m) => {
        const students = m.tables.find((t) => t.name === 'students');
        if (!students) throw new Error('no students table in the backup');
        students.rows += 1;
        students.bytes = Buffer.byteLength(doubled);
        students.sha256 = createHash('sha256').update(doubled).digest('hex');
      });
    });

  /** Tables with no rows (none at all, before the first restore has migrated it), no files. */
  const expectEmpty = async (app: FastifyInstance) => {
    const { rows, files } = await contentsOf(app);
    for (const [table, digest] of Object.entries(rows)) {
      expect(`${table} ${digest}`).toMatch(/ \(0 rows\)$/);
    }
    expect(files).toEqual({});
    expect(await storedKeys(app)).toEqual([]);
    return Object.keys(rows).length;
  };
  /**
   * A damaged stored file and rows that do not fit are found once the database is open and files
   * are being stored: each refusal must remove what it stored. Run on the app's own context, as
   * PGlite serves one process at a time.
   */
  const expectOpenRefusals = async (app: FastifyInstance) => {
    const damaged = await runAdminCommand(app, ['restore', withDamagedLastFile()]);
    expect(damaged.code).toBe(1);
    expect(damaged.err).toMatch(
      /^files\/moi-videos\/[0-9a-f-]{36} does not match its SHA-256 in manifest\.json: the backup is damaged; nothing was restored\.$/,
    );
    await expectEmpty(app);

    const twice = await runAdminCommand(app, ['restore', withStudentTwice()]);
    expect(twice.code).toBe(1);
    // The database's words only: the failed INSERT's rows (names, e-mails) are not echoed.
    expect(twice.err).not.toContain('@demo.student-portal.test');
    expect(twice.err).toMatch(
      /^Cannot restore the rows of students \(.*duplicate key.*\); nothing was restored\.$/,
    );
    await expectEmpty(app);
  };

  beforeAll(async () => {
    const source = await made.create(kind);
    await withApp(source, seedWithFiles);
    expect(await portalCli(source, 'backup', backupDir)).toMatchObject({ code: 0, err: '' });
    manifest = JSON.parse(readFileSync(join(backupDir, MANIFEST_FILE), 'utf8')) as TBackupManifest;
    target = await made.create(kind);
  }, SEEDING_MS);
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses a missing, foreign, damaged, cut short or newer backup before opening the database', async () => {
    const cases: [string, RegExp][] = [
      [join(work, 'nowhere'), /nowhere is not a folder\.$/],
      [
        mkdtempSync(join(work, 'empty-')),
        /empty-\w+ holds no manifest\.json: it is not a backup of the portal, or one that did not finish\.$/,
      ],
      [
        copyOfBackup('not-json', (dir) => {
          writeFileSync(join(dir, MANIFEST_FILE), '{"format":');
        }),
        /manifest\.json is not valid JSON: the backup is damaged\.$/,
      ],
      [
        copyOfBackup('newer-format', (dir) => {
          editManifest(dir, (m) => Object.assign(m, { formatVersion: 2 }));
        }),
        /^The backup has format version 2; this version of the portal reads version 1\./,
      ],
      [
        copyOfBackup('cut-short', (dir) => {
          truncateSync(tableFilePath(dir, 'students'), 100);
        }),
        /is damaged; nothing was restored:\n {2}- tables\/students\.jsonl is 100 bytes where manifest\.json says \d+$/,
      ],
      [
        copyOfBackup('changed-rows', (dir) => {
          flipByte(tableFilePath(dir, 'students'), (length) => Math.floor(length / 2));
        }),
        /- tables\/students\.jsonl does not match its SHA-256 in manifest\.json$/,
      ],
      [
        copyOfBackup('file-gone', (dir) => {
          rmSync(storedFilePath(dir, manifest.files[0]?.key ?? ''));
        }),
        /- files\/documents\/[0-9a-f-]{36} is missing$/,
      ],
      [
        copyOfBackup('newer-schema', (dir) => {
          editManifest(dir, (m) => {
            m.migrations.push({ createdAt: '9999999999999', hash: 'next' });
          });
        }),
        /^The backup was made by a newer version of the portal \(the backup has \d+ migrations, this version of the portal \d+\)\. Restore it with that version or a newer one\.$/,
      ],
    ];
    for (const [folder, message] of cases) {
      const run = await portalCli(target, 'restore', folder);
      expect({ folder, code: run.code, out: run.out }).toEqual({ folder, code: 1, out: '' });
      expect(run.err).toMatch(message);
    }
    // Not even migrated: the database was never opened.
    expect(await withApp(target, expectEmpty)).toBe(0);
  }, 60_000);

  it('refuses a backup made under another DATA_KEY, changing nothing', async () => {
    const otherKey = { env: { ...target.env, DATA_KEY: 'ab'.repeat(32) } };
    const run = await portalCli(otherKey, 'restore', backupDir);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^The backup was made under another DATA_KEY/);
    await withApp(target, expectEmpty);
  }, 60_000);

  it('removes the files it stored, and rolls every row back, when a file or the rows turn out bad', async () => {
    // Migrated by the restore refused for its DATA_KEY above.
    await withApp(target, expectOpenRefusals);
  }, 60_000);

  describe('on S3 storage', () => {
    const s3 = s3ForSuite();

    it('leaves the bucket empty after a damaged file or rows that do not fit', async () => {
      await withApp(await made.create(kind, s3().env), async (app) => {
        await app.database.migrate();
        await expectOpenRefusals(app);
      });
    }, 60_000);
  });
});
