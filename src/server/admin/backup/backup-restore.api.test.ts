import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../shared/api-paths.js';
import { ZDocumentListResponseSchema } from '../../../shared/documents.js';
import {
  contentsOf,
  demoToken,
  pdfOf,
  type Portal,
  portals,
  type PortalContents,
  portalCli,
  postFile,
  SEEDING_MS,
  seedWithFiles,
  storedKeys,
  withApp,
} from '../../test/backup-portal.js';
import { runAdminCommand } from '../../test/run-admin-command.js';
import { s3ForSuite } from '../../test/s3-test-server.js';
import { type TestDatabaseKind, testDatabaseKinds } from '../../test/test-databases.js';
import { MANIFEST_FILE, ZBackupManifestSchema } from './backup-format.js';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (docs/operations.md, "Backups"; "backup and restore
 * ... restore every row and file"; OWASP ASVS 5.0 V14.2, data protection, for the backup's own
 * permissions): a seeded portal with uploaded documents and interview recordings is backed up,
 * restored into new databases and new storage (local and S3, and across the two drivers when
 * PostgreSQL is there), and every row, sequence and file's bytes must come back.
 */
const kinds = testDatabaseKinds();
/** PostgreSQL for a PGlite backup and PGlite for a PostgreSQL one, when both are there. */
const otherKind = (kind: TestDatabaseKind) => kinds.find((k) => k.name !== kind.name) ?? kind;

const documentsOf = async (app: FastifyInstance, token: string) =>
  ZDocumentListResponseSchema.parse(
    (
      await app.inject({
        method: 'GET',
        url: API_PATHS.documents,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json(),
  );
const uploadDocument = (app: FastifyInstance, token: string, name: string) =>
  postFile(app, token, API_PATHS.documents, {
    field: 'file',
    name,
    type: 'application/pdf',
    bytes: pdfOf(2000),
  });

/** One set of portals for the file: the PGlite ones share the cost of creating a database. */
const made = portals();
afterAll(() => made.stopAll());

describe.each(kinds)('backup and restore on $name', (kind) => {
  const work = mkdtempSync(join(tmpdir(), 'portal-backups-'));
  const backupDir = join(work, 'backup');
  let source: Portal;
  let original: PortalContents;

  beforeAll(async () => {
    source = await made.create(kind);
    original = await withApp(source, async (app) => {
      await seedWithFiles(app);
      return contentsOf(app);
    });
    const run = await portalCli(source, 'backup', backupDir);
    expect(run.err).toBe('');
    expect(run).toMatchObject({ code: 0 });
    expect(run.out).toMatch(/^Backed up \d+ tables \(\d+ rows\) and 5 files \(6\.\d MB\) to /);
  }, SEEDING_MS);
  afterAll(() => {
    rmSync(work, { recursive: true, force: true });
  });

  it('writes a folder only its owner can read: a manifest, a file per table, every stored file', () => {
    const manifest = ZBackupManifestSchema.parse(
      JSON.parse(readFileSync(join(backupDir, MANIFEST_FILE), 'utf8')),
    );
    expect(manifest.source.database).toBe(kind.name);
    expect(manifest.tables.map((t) => t.name).sort()).toEqual(Object.keys(original.rows).sort());
    for (const table of manifest.tables) {
      expect(original.rows[table.name]).toContain(`(${table.rows} rows)`);
    }
    expect(
      Object.fromEntries(manifest.files.map((f) => [f.key, { bytes: f.bytes, sha256: f.sha256 }])),
    ).toEqual(original.files);
    expect(manifest.missingFiles).toEqual([]);
    const modes = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        const mode = (statSync(path).mode & 0o777).toString(8);
        return entry.isDirectory() ? [mode, ...modes(path)] : [mode];
      });
    expect(new Set([(statSync(backupDir).mode & 0o777).toString(8), ...modes(backupDir)])).toEqual(
      new Set(['700', '600']),
    );
    expect(readdirSync(work)).toEqual(['backup']);
  });

  it('restores every row, sequence and file into a new database and new local storage', async () => {
    const target = await made.create(kind);
    const run = await portalCli(target, 'restore', backupDir);
    expect(run.err).toBe('');
    expect(run).toMatchObject({ code: 0 });
    expect(run.out).toMatch(/^Restored \d+ tables \(\d+ rows\) and 5 files \(6\.\d MB\) from /);
    await withApp(target, async (app) => {
      expect(await contentsOf(app)).toEqual(original);
      expect(await storedKeys(app)).toEqual(Object.keys(original.files).sort());
      // The restored portal serves the documents, and gives a new one an id of its own.
      const token = await demoToken(app);
      const list = await documentsOf(app, token);
      const largest = list.reduce((a, b) => (a.fileSize > b.fileSize ? a : b));
      const file = await app.inject({
        url: apiPath(API_PATHS.documentFile, { id: largest.id }),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length).toBe(largest.fileSize);
      const upload = await uploadDocument(app, token, 'visa-photo.pdf');
      expect(upload.statusCode).toBe(201);
      expect(list.map((d) => d.id)).not.toContain(upload.json<{ id: number }>().id);
    });
  }, 60_000);

  describe('on S3 storage', () => {
    const s3 = s3ForSuite();

    it(`moves the portal onto ${otherKind(kind).name} and S3, and a backup from there holds the same`, async () => {
      const target = await made.create(otherKind(kind), s3().env);
      const restore = await portalCli(target, 'restore', backupDir);
      expect(restore).toMatchObject({ code: 0, err: '' });
      const again = join(work, 'from-s3');
      await withApp(target, async (app) => {
        expect(await contentsOf(app)).toEqual(original);
        expect(await storedKeys(app)).toEqual(Object.keys(original.files).sort());
        expect(await runAdminCommand(app, ['backup', again])).toMatchObject({ code: 0, err: '' });
      });
      const manifestOf = (dir: string) => {
        const { tables, files, sequences, migrations } = ZBackupManifestSchema.parse(
          JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')),
        );
        return { tables, files, sequences, migrations };
      };
      expect(manifestOf(again)).toEqual(manifestOf(backupDir));
    }, 60_000);
  });

  it('refuses a database that holds data, changing nothing, and --replace puts the backup in its place', async () => {
    // The command on the running app's own context: PGlite serves one process at a time.
    await withApp(source, async (app) => {
      const refused = await runAdminCommand(app, ['restore', backupDir]);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/^The database already holds data \(rows: .*students \d+/);
      expect(refused.err).toContain('add --replace');
      expect(await contentsOf(app)).toEqual(original);

      // Since the backup: a new document, and one of the old ones deleted.
      const token = await demoToken(app);
      expect((await uploadDocument(app, token, 'later.pdf')).statusCode).toBe(201);
      const old = (await documentsOf(app, token)).find((d) => d.fileName === 'bank-statement.pdf');
      const removed = await app.inject({
        method: 'DELETE',
        url: apiPath(API_PATHS.document, { id: old?.id ?? 0 }),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(removed.statusCode).toBeLessThan(300);
      const changed = await contentsOf(app);
      expect(changed).not.toEqual(original);
      expect(Object.keys(changed.files).filter((key) => !(key in original.files))).toHaveLength(1);

      const replaced = await runAdminCommand(app, ['restore', backupDir, '--replace']);
      expect(replaced).toMatchObject({ code: 0, err: '' });
      expect(replaced.out).toContain('Already in file storage, unchanged: 4 files.');
      expect(replaced.out).toContain(
        'The previous data was replaced; removed the files only it referred to: 1 file.',
      );
      expect(await contentsOf(app)).toEqual(original);
      expect(await storedKeys(app)).toEqual(Object.keys(original.files).sort());
    });
  }, 60_000);
  it('backs up and restores a portal that lost a file, saying which, and restores the rest', async () => {
    const lost = Object.keys(original.files)[0] ?? '';
    const withoutIt = join(work, 'lost-file');
    await withApp(source, async (app) => {
      await app.fileStorage.remove(lost);
      const backup = await runAdminCommand(app, ['backup', withoutIt]);
      expect(backup.code).toBe(0);
      expect(backup.err).toBe(
        `warning: files the rows refer to that file storage does not hold, so not in the backup (1 file): ${lost}`,
      );
      const manifest = ZBackupManifestSchema.parse(
        JSON.parse(readFileSync(join(withoutIt, MANIFEST_FILE), 'utf8')),
      );
      expect(manifest.missingFiles).toEqual([lost]);
      expect(manifest.files.map((f) => f.key)).not.toContain(lost);

      const restore = await runAdminCommand(app, ['restore', withoutIt, '--replace']);
      expect(restore.code).toBe(0);
      expect(restore.err).toContain(`(1 file): ${lost}`);
      expect(await contentsOf(app)).toEqual({
        ...original,
        files: { ...original.files, [lost]: null },
      });
    });
  }, 60_000);
});
