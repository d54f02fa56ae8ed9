import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { S3StorageSettings } from '../storage/s3-storage.js';

/** s3rver ships no types; this is the part of its API the tests use. */
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

export interface S3TestServer {
  /** The S3 adapter's settings for its bucket. */
  settings: S3StorageSettings;
  /** The same as the environment gives them to the server (STORAGE_DRIVER=s3, S3_*). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** A real S3 server on loopback (s3rver) with one empty bucket, its objects in a temporary folder. */
export async function startS3TestServer(bucket = 'portal-files'): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    settings: {
      driver: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials,
    },
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** An S3 server for the tests of the enclosing describe: started before them, stopped after. */
export function s3ForSuite(): () => S3TestServer {
  let server: S3TestServer | undefined;
  beforeAll(async () => {
    server = await startS3TestServer();
  });
  afterAll(() => server?.stop());
  return () => {
    if (!server) throw new Error('the S3 test server starts before the tests of its describe');
    return server;
  };
}
