import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../shared/api-paths.js';
import { ZMoiQuestionListResponseSchema, ZMoiSubmitVideoResponseSchema } from '../../shared/moi.js';
import { buildApp } from '../app.js';
import { readSequences, referencedStorageKeys } from '../admin/backup/database-catalog.js';
import { type Digest, digestOf } from '../admin/backup/stream-digest.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DEMO_LOGIN_EMAIL } from '../db/demo-identities.js';
import { staff, students } from '../db/schema.js';
import { seedDemoData } from '../db/seed.js';
import { recordAuditEvent } from '../modules/audit/record-audit-event.js';
import type { S3StorageSettings } from '../storage/s3-storage.js';
import { dataSnapshot } from './data-snapshot.js';
import { type AdminRun, runAdminFromEnv } from './run-admin-command.js';
import { testSettings } from './test-app.js';
import { multipartBody } from './multipart-body.js';
import type { TestDatabaseKind } from './test-databases.js';

/**
 * A whole portal as an operator has one: settings in the environment (its own DATA_DIR, a fresh
 * database of the given kind, local or S3 storage), reached by the server's app and by the
 * command line exactly as `npm start` and `npm run backup` reach it.
 */
export interface Portal {
  env: NodeJS.ProcessEnv;
}

export interface Portals {
  /** A new portal with an empty database of `kind` (unmigrated) and empty storage. */
  create(kind: TestDatabaseKind, storageEnv?: Record<string, string>): Promise<Portal>;
  /** Drops every database and folder the portals used. */
  stopAll(): Promise<void>;
}

export function portals(): Portals {
  const cleanUps: (() => Promise<void>)[] = [];
  let emptyPglite: Promise<string> | undefined;
  // Creating a PGlite database (initdb, in WASM) takes seconds on a busy machine, most of a test's
  // time: it is done once, and each portal gets a copy of that new, still empty folder.
  const emptyPgliteFolder = () => {
    emptyPglite ??= (async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-empty-pglite-'));
      cleanUps.push(async () => {
        rmSync(dataDir, { recursive: true, force: true });
      });
      const handle = openDatabase({ dataDir }, () => undefined);
      await handle.db.execute(sql`select 1`);
      await handle.close();
      return join(dataDir, 'pgdata');
    })();
    return emptyPglite;
  };
  return {
    async create(kind, storageEnv = {}) {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
      cleanUps.push(async () => {
        rmSync(dataDir, { recursive: true, force: true });
      });
      let databaseEnv = {};
      if (kind.name === 'postgres') {
        const database = await kind.create();
        cleanUps.push(() => database.drop());
        if ('url' in database.location) databaseEnv = { DATABASE_URL: database.location.url };
      } else {
        // Where the server keeps PGlite: DATA_DIR/pgdata, owner-only as the server makes it (a
        // copy's folder takes the umask's mode, which the server refuses).
        const pgdata = join(dataDir, 'pgdata');
        cpSync(await emptyPgliteFolder(), pgdata, { recursive: true });
        chmodSync(pgdata, 0o700);
      }
      return { env: { ...testSettings(dataDir), ...databaseEnv, ...storageEnv } };
    },
    async stopAll() {
      for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
    },
  };
}

/** The portal's server app (not listening). The embedded database serves one at a time. */
export async function openApp(portal: Portal): Promise<FastifyInstance> {
  const config = loadConfig(portal.env);
  return buildApp(config, { webDistDir: join(config.dataDir, 'no-web') });
}

export async function withApp<T>(
  portal: Portal,
  use: (app: FastifyInstance) => Promise<T>,
): Promise<T> {
  const app = await openApp(portal);
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

/** `npm run admin -- <argv>` with the portal's environment. */
export const portalCli = (portal: Portal, ...argv: string[]): Promise<AdminRun> =>
  runAdminFromEnv(portal.env, argv);

/** The EBML header Chrome's MediaRecorder writes, then the start of a Segment. */
const WEBM_HEADER = Buffer.from(
  '1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581021853806701ffffffffffffff',
  'hex',
);
export const pdfOf = (size: number) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
export const webmOf = (size: number) =>
  Buffer.concat([WEBM_HEADER, randomBytes(size - WEBM_HEADER.length)]);

/** Posts one file as a browser's FormData would. */
export async function postFile(
  app: FastifyInstance,
  token: string,
  url: string,
  file: { field: string; name: string; type: string; bytes: Buffer },
) {
  const { payload, contentType } = await multipartBody({}, file);
  const authorization = `Bearer ${token}`;
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization, 'content-type': contentType },
  });
}

/**
 * A session of the seeded demo-login student herself, not a demo visitor's copy: the backup's
 * files are hers, and a restored portal finds her by her e-mail.
 */
export async function demoToken(app: FastifyInstance): Promise<string> {
  const [student] = await app.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.email, DEMO_LOGIN_EMAIL));
  if (!student) throw new Error('the demo-login student is not seeded');
  return app.sessionTokens.issue(student.id, 'student');
}

/** Creating and seeding an embedded database takes a minute when every core is busy. */
export const SEEDING_MS = 120_000;

/**
 * Migrates and seeds the demo data, then, as the demo student through the API, uploads two
 * documents (one larger than an S3 part) and records and submits the three-answer interview; the
 * demo administrator's look at her profile is in the audit log, which a restore with --replace
 * must put back in place of another (the log refuses an ordinary delete).
 */
export async function seedWithFiles(app: FastifyInstance): Promise<void> {
  await app.database.migrate();
  await seedDemoData(app.db, app.dataKeys);
  const token = await demoToken(app);
  for (const [name, size] of [
    ['offer-letter.pdf', 6 * 1024 * 1024],
    ['bank-statement.pdf', 20_000],
  ] as const) {
    const res = await postFile(app, token, API_PATHS.documents, {
      field: 'file',
      name,
      type: 'application/pdf',
      bytes: pdfOf(size),
    });
    if (res.statusCode !== 201) throw new Error(`document upload answered ${res.statusCode}`);
  }
  const headers = { authorization: `Bearer ${token}` };
  const session = await app.inject({ method: 'POST', url: API_PATHS.moiSessions, headers });
  const { sessionId } = session.json<{ sessionId: string }>();
  const questions = ZMoiQuestionListResponseSchema.parse(
    (await app.inject({ method: 'GET', url: API_PATHS.moiQuestions, headers })).json(),
  );
  const videoData = [];
  for (const [videoIndex, question] of questions.entries()) {
    const query = new URLSearchParams({
      sessionId,
      videoIndex: String(videoIndex),
      questionId: String(question.id),
    });
    const res = await postFile(app, token, `${API_PATHS.moiSubmitVideo}?${query.toString()}`, {
      field: 'video',
      name: 'answer.webm',
      type: 'video/webm',
      bytes: webmOf(50_000 + videoIndex),
    });
    const { fileId } = ZMoiSubmitVideoResponseSchema.parse(res.json());
    videoData.push({ fileId, videoIndex, questionId: question.id, questionText: question.text });
  }
  const submitted = await app.inject({
    method: 'POST',
    url: API_PATHS.moiAnswers,
    headers,
    payload: { sessionId, videoData },
  });
  if (submitted.statusCode !== 201) throw new Error(`submission answered ${submitted.statusCode}`);
  const [admin] = await app.db.select({ id: staff.id }).from(staff).where(eq(staff.role, 'admin'));
  const [student] = await app.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.email, DEMO_LOGIN_EMAIL));
  if (!admin || !student) throw new Error('the demo administrator or student is not seeded');
  await recordAuditEvent(
    app.db,
    { actor: 'staff', staffId: admin.id, address: '203.0.113.9' },
    { action: 'profile.reveal', studentId: student.id, details: { field: 'passportNumber' } },
  );
}

/** Everything a portal holds: each table's rows (a digest), each sequence, each referenced file. */
export interface PortalContents {
  rows: Record<string, string>;
  sequences: Awaited<ReturnType<typeof readSequences>>;
  files: Record<string, Digest | null>;
}

export async function contentsOf(app: FastifyInstance): Promise<PortalContents> {
  const rows = await dataSnapshot(app);
  // Its listing of the storage folder is compared on its own (storedKeys), for either driver.
  delete rows.files;
  const files: Record<string, Digest | null> = {};
  for (const key of [...(await referencedStorageKeys(app.db))].sort()) {
    const content = await app.fileStorage.read(key);
    files[key] = content ? await digestOf(content) : null;
  }
  return { rows, sequences: await readSequences(app.db), files };
}

/** Every key file storage holds, temporary ones too: to show a refused restore left nothing. */
export async function storedKeys(app: FastifyInstance): Promise<string[]> {
  const storage = app.config.storage;
  if (storage.driver === 'local') {
    const listing = (await dataSnapshot(app)).files ?? '';
    return listing === '' ? [] : listing.split('\n').map((line) => line.split(' ')[0] ?? '');
  }
  return bucketKeys(storage);
}

async function bucketKeys(settings: S3StorageSettings): Promise<string[]> {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
  });
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket }));
    return (page.Contents ?? []).map((object) => object.Key ?? '').sort();
  } finally {
    client.destroy();
  }
}
