/**
 * Throughput and p99 latency at 100 concurrent connections for the dashboard's reads, beside a
 * bare Fastify route measured in the same run on the same machine (DESIGN.md's budgets).
 *
 *   npx tsx bench/api-throughput.ts            # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/api-throughput.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { API_PATHS } from '../src/shared/api-paths.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { DEMO_LOGIN_EMAIL } from '../src/server/db/demo-identities.js';
import { seedDemoData } from '../src/server/db/seed.js';
import { students } from '../src/server/db/schema.js';
import { eq } from 'drizzle-orm';

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Figure {
  name: string;
  rps: number;
  p99: number;
}

async function measure(
  name: string,
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
): Promise<Figure> {
  const runs: Figure[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: DURATION_S,
      ...init,
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    runs.push({ name, rps: result.requests.average, p99: result.latency.p99 });
  }
  const median = (values: number[]) =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return { name, rps: median(runs.map((r) => r.rps)), p99: median(runs.map((r) => r.p99)) };
}

async function freshPostgres(adminUrl: string) {
  const name = `portal_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const postgres = adminUrl ? await freshPostgres(adminUrl) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const app = await buildApp(config, { webDistDir: join(dataDir, 'none') });
  app.get('/bench/bare', async () => ({ ok: true }));
  await app.database.migrate();
  await seedDemoData(app.db, app.dataKeys);
  const [priya] = await app.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.email, DEMO_LOGIN_EMAIL));
  const token = await app.sessionTokens.issue(priya?.id ?? '', 'student');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const bare = await measure('bare Fastify route', `${base}/bench/bare`);
  const waitTimes = await measure('GET /api/visa-wait-times', `${base}${API_PATHS.visaWaitTimes}`);
  const applicant = await measure('POST /api/applicant-data', `${base}${API_PATHS.applicantData}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  await app.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });

  const p99Budget = postgres ? 25 : 100;
  const rows = [
    [bare.name, bare.rps, bare.p99, 'ceiling', ''],
    [
      waitTimes.name,
      waitTimes.rps,
      waitTimes.p99,
      '>= 50% of bare',
      waitTimes.rps >= bare.rps / 2 ? 'pass' : 'FAIL',
    ],
    [
      applicant.name,
      applicant.rps,
      applicant.p99,
      `p99 < ${p99Budget} ms`,
      applicant.p99 < p99Budget ? 'pass' : 'FAIL',
    ],
  ] as const;
  console.log(
    `\nDatabase: ${postgres ? 'PostgreSQL' : 'PGlite (embedded)'}; ${CONNECTIONS} connections, ${DURATION_S} s x ${RUNS} runs, medians\n`,
  );
  console.log(
    '| route | requests/s | p99 ms | budget | result |\n| --- | ---: | ---: | --- | --- |',
  );
  for (const [name, rps, p99, budget, result] of rows)
    console.log(`| ${name} | ${Math.round(rps)} | ${p99} | ${budget} | ${result} |`);
}

await main();
