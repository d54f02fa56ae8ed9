import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { API_PATHS, apiPath } from '../../shared/api-paths.js';
import { ZLoginResponseSchema } from '../../shared/auth.js';
import { type TDocument, ZDocumentListResponseSchema } from '../../shared/documents.js';
import { ZMoiQuestionListResponseSchema, ZMoiSessionResponseSchema } from '../../shared/moi.js';
import type { DatabaseLocation } from '../db/client.js';
import { TEST_DATA_KEY, TEST_TOKEN_SECRET } from './test-app.js';
import type { TestDatabaseKind } from './test-databases.js';
import { listeningUrl, type ServerProcess, startServerProcess } from './server-process.js';
import { startSlowUpload, type SlowUpload } from './slow-upload.js';

/** A PDF's signature, and the EBML header of a WebM recording as Chrome's MediaRecorder writes it. */
const PDF_HEAD = Buffer.from('%PDF-1.7\n');
const WEBM_HEAD = Buffer.from(
  '1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102' +
    '1853806701ffffffffffffff',
  'hex',
);
const UPLOAD_BYTES = 256 * 1024;

/**
 * How long a test that starts servers may take. A first start on a fresh PGlite (initdb, migrations,
 * seed) alone takes 10 to 40 s on a loaded two-core machine, more under heavier load, and each
 * restart 5 to 20 s.
 */
export const SERVER_TEST_TIMEOUT_MS = 150_000;
const START_TIMEOUT_MS = 90_000;

/** A running server process and its address. */
export interface RunningServer {
  process: ServerProcess;
  url: string;
}

/**
 * Where a server process keeps its data: a DATA_DIR (files, and PGlite's pgdata) and its database,
 * PGlite in that folder or a fresh PostgreSQL database. Servers started here and still running
 * when the site is removed are killed, so a failed test leaves no process behind.
 */
export interface ServerSite {
  dataDir: string;
  location: DatabaseLocation;
  /** Starts main.ts on this site, with `env` added to its settings, and waits until it listens. */
  start(env?: Record<string, string>): Promise<RunningServer>;
  /** Starts main.ts on this site without waiting. */
  spawn(env?: Record<string, string>): ServerProcess;
  remove(): Promise<void>;
}

async function createServerSite(kind: TestDatabaseKind): Promise<ServerSite> {
  const database = await kind.create({ persistent: true });
  const location = database.location;
  const dataDir =
    'dataDir' in location ? location.dataDir : mkdtempSync(join(tmpdir(), 'portal-reliability-'));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DEMO_MODE: 'true',
    PORT: '0',
    HOST: '127.0.0.1',
    // Info: the tests wait for its lines (a request coming in, the sweep, shutting down).
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    TOKEN_SECRET: TEST_TOKEN_SECRET,
    DATA_KEY: TEST_DATA_KEY,
    ...('url' in location ? { DATABASE_URL: location.url } : {}),
  };
  const started: ServerProcess[] = [];
  const spawn = (extra: Record<string, string> = {}) => {
    const server = startServerProcess({ ...env, ...extra });
    started.push(server);
    return server;
  };
  return {
    dataDir,
    location,
    spawn,
    async start(extra) {
      const server = spawn(extra);
      return { process: server, url: await listeningUrl(server, START_TIMEOUT_MS) };
    },
    async remove() {
      for (const server of started) server.kill('SIGKILL');
      await Promise.all(started.map((server) => server.exited));
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A site for the tests of one describe block: created before them, removed after them. */
export function useServerSite(kind: TestDatabaseKind): () => ServerSite {
  let site: ServerSite | undefined;
  beforeAll(async () => {
    site = await createServerSite(kind);
  });
  afterAll(async () => {
    await site?.remove();
  });
  return () => {
    if (!site) throw new Error('The server site was not created');
    return site;
  };
}

/** Which answer of which MOI session a recording is. */
export interface MoiAnswerSlot {
  sessionId: string;
  questionId: number;
  videoIndex: number;
}

/** A signed-in demo student of a running server, and the calls the reliability tests make. */
export interface DemoStudent {
  call(path: string, init?: { method?: string; body?: unknown }): Promise<Response>;
  /** Starts a document upload (a PDF) whose second half waits for `finish`. */
  startDocumentUpload(): SlowUpload;
  /** Starts the upload of one answer of an MOI session (a WebM) the same way. */
  startVideoUpload(answer: MoiAnswerSlot): SlowUpload;
  /** Opens (or resumes) the student's MOI session; answers its id and the first question's. */
  openMoiSession(): Promise<Omit<MoiAnswerSlot, 'videoIndex'>>;
  /** The student's documents as the API lists them. */
  listDocuments(): Promise<TDocument[]>;
  /** A document's stored bytes, as the API serves them. */
  documentBytes(id: number): Promise<Buffer>;
  /**
   * The same student and session at another server of the site (after a restart): the site's
   * servers share the token secret, and each demo login makes a student of its own.
   */
  at(url: string): DemoStudent;
}

export async function signInDemoStudent(url: string): Promise<DemoStudent> {
  const login = await fetch(`${url}${API_PATHS.demoLogin}`, { method: 'POST' });
  if (login.status !== 200) throw new Error(`demo login answered ${login.status}`);
  const { token } = ZLoginResponseSchema.parse(await login.json());
  return demoStudentAt(url, token);
}

function demoStudentAt(url: string, token: string): DemoStudent {
  const call: DemoStudent['call'] = (path, init = {}) =>
    fetch(`${url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  return {
    call,
    startDocumentUpload: () =>
      startSlowUpload({
        url: `${url}${API_PATHS.documents}`,
        token,
        field: 'file',
        fileName: 'transcript.pdf',
        head: PDF_HEAD,
        size: UPLOAD_BYTES,
      }),
    startVideoUpload: ({ sessionId, questionId, videoIndex }) =>
      startSlowUpload({
        url: `${url}${API_PATHS.moiSubmitVideo}?${new URLSearchParams({
          sessionId,
          videoIndex: String(videoIndex),
          questionId: String(questionId),
        }).toString()}`,
        token,
        field: 'video',
        fileName: `answer-${videoIndex}.webm`,
        head: WEBM_HEAD,
        size: UPLOAD_BYTES,
      }),
    async openMoiSession() {
      const questions = ZMoiQuestionListResponseSchema.parse(
        await (await call(API_PATHS.moiQuestions)).json(),
      );
      const session = await call(API_PATHS.moiSessions, { method: 'POST' });
      const { sessionId } = ZMoiSessionResponseSchema.parse(await session.json());
      return { sessionId, questionId: questions[0]?.id ?? 0 };
    },
    async listDocuments() {
      return ZDocumentListResponseSchema.parse(await (await call(API_PATHS.documents)).json());
    },
    async documentBytes(id) {
      const file = await call(apiPath(API_PATHS.documentFile, { id }));
      return Buffer.from(await file.arrayBuffer());
    },
    at: (otherUrl) => demoStudentAt(otherUrl, token),
  };
}
