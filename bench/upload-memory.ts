/**
 * Uploads never hold a whole file in memory (DESIGN.md): 20 concurrent 10 MB uploads must raise
 * the server's resident memory by less than 100 MB. The server runs in its own process, as in
 * production, and its resident set is read from /proc while the uploads stream in.
 *
 *   npx tsx bench/upload-memory.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, apiPath } from '../src/shared/api-paths.js';
import { MAX_DOCUMENT_BYTES, ZDocumentSchema } from '../src/shared/documents.js';
import { printBenchRows, verdict } from './lib/bench-rows.js';
import { freePort } from './lib/built-server.js';
import { demoLogin } from './lib/demo-login.js';
import { pdfForm, type UploadForm } from './lib/pdf-form.js';
import { MB, residentBytes } from './lib/resident-memory.js';

const UPLOADS = 20;
const BUDGET_MB = 100;
const SAMPLE_MS = 20;
/**
 * Each upload is sent at about 5 MB/s, as a fast phone connection would, so all of them are in
 * flight at once: a server that buffered files would hold all 20 together.
 */
const CHUNK_BYTES = 256 * 1024;
const CHUNK_INTERVAL_MS = 50;

async function startServer(port: number, dataDir: string) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.once('exit', (code) => {
      reject(new Error(`the server stopped (${String(code)})`));
    });
    server.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Student portal:')) resolve();
    });
  });
  return server;
}

async function upload(origin: string, token: string, form: UploadForm): Promise<number> {
  const request = httpRequest(new URL(API_PATHS.documents, origin), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': form.contentType,
      'content-length': form.body.length,
    },
  });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() });
      });
    });
  });
  for (let offset = 0; offset < form.body.length; offset += CHUNK_BYTES) {
    request.write(form.body.subarray(offset, offset + CHUNK_BYTES));
    await new Promise((resolve) => setTimeout(resolve, CHUNK_INTERVAL_MS));
  }
  request.end();
  const { status, text } = await answered;
  if (status !== 201) throw new Error(`upload answered ${status}: ${text}`);
  return ZDocumentSchema.parse(JSON.parse(text)).id;
}

async function remove(origin: string, token: string, id: number): Promise<void> {
  await fetch(`${origin}${apiPath(API_PATHS.document, { id })}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-uploads-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(port, dataDir);
  const pid = server.pid ?? 0;
  try {
    const token = await demoLogin(origin);
    const file = await pdfForm(MAX_DOCUMENT_BYTES);
    // One upload first, so the baseline includes everything an upload loads once.
    await remove(origin, token, await upload(origin, token, file));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const baseline = residentBytes(pid);

    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, SAMPLE_MS);
    const started = performance.now();
    const ids = await Promise.all(
      Array.from({ length: UPLOADS }, () => upload(origin, token, file)),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    for (const id of ids) await remove(origin, token, id);

    const growthMb = (peak - baseline) / MB;
    printBenchRows([
      {
        figure: `server RSS growth, ${UPLOADS} concurrent 10 MB uploads`,
        value: `${growthMb.toFixed(1)} MB`,
        budget: `< ${BUDGET_MB} MB`,
        result: verdict(growthMb < BUDGET_MB),
      },
    ]);
    console.log(
      `baseline ${(baseline / MB).toFixed(1)} MB, peak ${(peak / MB).toFixed(1)} MB, ` +
        `${UPLOADS * 10} MB uploaded in ${seconds.toFixed(1)} s`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
