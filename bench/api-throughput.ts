/**
 * Throughput and p99 latency at 100 concurrent connections for the dashboard's reads, beside
 * their ceilings measured in the same run on the same machine (DESIGN.md's budgets):
 * - the public wait times against a bare Fastify route (a plain instance: no plugins or hooks);
 * - the signed-in applicant data against a route that runs only the same database query, in
 *   the same app and called the same way, so the difference is what auth, validation and
 *   serialization cost.
 * The app-hosted bare route is shown too: it prices the hooks every route of the app pays.
 *
 * autocannon runs in a worker thread, so the load generator has its own event loop and core
 * instead of taking turns with the server; on a 2-core machine the server, the generator and
 * PostgreSQL still share the two cores. Routes are measured in rounds (one run of each per
 * round) after a warm-up, and the median of the rounds is printed.
 *
 *   npx tsx bench/api-throughput.ts            # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/api-throughput.ts
 *
 * With BENCH_DATABASE_URL the script creates a scratch database on that server, and drops it
 * after. BENCH_SECONDS (8) and BENCH_RUNS (3) set each run's length and the number of rounds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { API_PATHS } from '../src/shared/api-paths.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { DEMO_LOGIN_EMAIL } from '../src/server/db/demo-identities.js';
import { seedDemoData } from '../src/server/db/seed.js';
import { students } from '../src/server/db/schema.js';
import { findApplicantRecord } from '../src/server/modules/applicant-data/find-applicant-record.js';
import { printBenchRows } from './lib/bench-rows.js';

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARM_UP_S = 2;
const QUERY_ONLY_PATH = '/bench/applicant-query';

interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface Figure {
  rps: number;
  p99: number;
}

async function run(target: Target, seconds: number): Promise<Figure> {
  const { name, ...request } = target;
  const result = await autocannon({
    ...request,
    connections: CONNECTIONS,
    duration: seconds,
    workers: 1,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Every target warmed up, then measured once per round; each figure is the median of the rounds. */
async function measureAll<K extends string>(
  targets: Record<K, Target>,
): Promise<Record<K, Figure>> {
  const keys = Object.keys(targets) as K[];
  for (const key of keys) await run(targets[key], WARM_UP_S);
  const runs = new Map<K, Figure[]>(keys.map((key) => [key, []]));
  for (let round = 0; round < RUNS; round += 1) {
    for (const key of keys) runs.get(key)?.push(await run(targets[key], DURATION_S));
  }
  const figures = {} as Record<K, Figure>;
  for (const [key, list] of runs) {
    figures[key] = { rps: median(list.map((f) => f.rps)), p99: median(list.map((f) => f.p99)) };
  }
  return figures;
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

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function main() {
  // The machine is shared: the load before the run says whether other work skewed the figures.
  const loadBefore = loadavg()[0] ?? 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const postgres = adminUrl ? await freshPostgres(adminUrl) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // No refresh from the State Department's site in the middle of a measurement.
    VISA_WAIT_TIMES_REFRESH_HOURS: '0',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const app = await buildApp(config, { webDistDir: join(dataDir, 'none') });
  await app.database.migrate();
  await seedDemoData(app.db, app.dataKeys);
  const [priya] = await app.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.email, DEMO_LOGIN_EMAIL));
  if (!priya) throw new Error('the demo-login student is missing');
  app.get('/bench/bare', async () => ({ ok: true }));
  app.post(QUERY_ONLY_PATH, async () => ({
    found: (await findApplicantRecord(app.db, priya.id)) !== null,
  }));
  const base = await listen(app);
  const bareApp = Fastify();
  bareApp.get('/', async () => ({ ok: true }));
  const bareBase = await listen(bareApp);

  const asPriya = {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await app.sessionTokens.issue(priya.id, 'student')}`,
      'content-type': 'application/json',
    },
    body: '{}',
  } as const;
  const targets = {
    bare: { name: 'bare Fastify route (plain instance)', url: `${bareBase}/` },
    inApp: { name: 'bare route inside the app', url: `${base}/bench/bare` },
    waitTimes: { name: 'GET /api/visa-wait-times', url: `${base}${API_PATHS.visaWaitTimes}` },
    queryOnly: { name: 'applicant-data query only', url: `${base}${QUERY_ONLY_PATH}`, ...asPriya },
    applicant: {
      name: 'POST /api/applicant-data',
      url: `${base}${API_PATHS.applicantData}`,
      ...asPriya,
    },
  } satisfies Record<string, Target>;
  const f = await measureAll(targets);
  await bareApp.close();
  await app.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });

  const p99Budget = postgres ? 25 : 100;
  const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');
  const share = (figure: Figure, ceiling: Figure) =>
    `${Math.round((100 * figure.rps) / ceiling.rps)}%`;
  const rows: [Target, Figure, string, string][] = [
    [targets.bare, f.bare, 'ceiling of wait times', ''],
    [targets.inApp, f.inApp, `(${share(f.inApp, f.bare)} of bare)`, ''],
    [
      targets.waitTimes,
      f.waitTimes,
      `>= 50% of bare: ${share(f.waitTimes, f.bare)}`,
      verdict(f.waitTimes.rps >= f.bare.rps / 2),
    ],
    [targets.queryOnly, f.queryOnly, 'ceiling of applicant data', ''],
    [
      targets.applicant,
      f.applicant,
      `>= 50% of query only: ${share(f.applicant, f.queryOnly)}; p99 < ${p99Budget} ms`,
      verdict(f.applicant.rps >= f.queryOnly.rps / 2 && f.applicant.p99 < p99Budget),
    ],
  ];
  console.log(
    `\nDatabase: ${postgres ? 'PostgreSQL' : 'PGlite (embedded)'}; ${CONNECTIONS} connections, ${DURATION_S} s x ${RUNS} rounds, medians; 1-minute load average ${loadBefore.toFixed(1)} before the run\n`,
  );
  console.log(
    '| route | requests/s | p99 ms | budget | result |\n| --- | ---: | ---: | --- | --- |',
  );
  for (const [{ name }, figure, budget, result] of rows)
    console.log(`| ${name} | ${Math.round(figure.rps)} | ${figure.p99} | ${budget} | ${result} |`);
  // The same rows for bench/run-all.ts.
  const database = postgres ? 'PostgreSQL' : 'PGlite';
  printBenchRows(
    rows.map(([{ name }, figure, budget, result]) => ({
      figure: `${name} (${database}, ${CONNECTIONS} connections)`,
      value: `${Math.round(figure.rps)} req/s, p99 ${figure.p99} ms`,
      budget,
      result: result === 'pass' || result === 'FAIL' ? result : '',
    })),
  );
}

await main();
