/**
 * Throughput and p99 latency at 100 concurrent connections for the reads the dashboard makes,
 * the public wait times and the onboarding lookup, each beside its ceilings measured in the same
 * run on the same machine (DESIGN.md's budgets):
 * - the public wait times against a bare Fastify route (a plain instance: no plugins or hooks);
 * - each signed-in read (applicant data, applications, messages) and the lookup against a route
 *   in the same app that runs only the same database queries, called the same way, so the
 *   difference is what auth, validation and serialization cost.
 * The app-hosted bare route is shown too: it prices the hooks every route of the app pays.
 * Each of the 100 connections of a signed-in read is a student of its own (copies of the demo
 * student, with the same applications and messages), as at a real portal: the reads of requests
 * made at once share one query (session-checked-read.ts), so one student for every connection
 * would flatter them.
 *
 * autocannon runs in a process of its own, so the load generator has its own event loop and core
 * instead of taking turns with the server; on a 2-core machine the server, the generator and
 * PostgreSQL still share the two cores. Routes are measured in rounds (one run of each per
 * round) after a warm-up, and the median of the rounds is printed. Beside throughput and latency,
 * the CPU time a request costs the server (this process) and PostgreSQL (the backends serving the
 * scratch database): those say where the time goes, and move less than throughput when other work
 * shares the machine.
 *
 *   npx tsx bench/api-throughput.ts            # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/api-throughput.ts
 *
 * With BENCH_DATABASE_URL the script creates a scratch database on that server, and drops it
 * after. BENCH_SECONDS (8) and BENCH_RUNS (3) set each run's length and the number of rounds.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { API_PATHS } from '../src/shared/api-paths.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { DEMO_LOGIN_EMAIL, ONBOARDING_DEMO_STUDENT } from '../src/server/db/demo-identities.js';
import { seedDemoData } from '../src/server/db/seed.js';
import { students } from '../src/server/db/schema.js';
import { hitRateLimit } from '../src/server/db/rate-limit.js';
import { findApplicantRecord } from '../src/server/modules/applicant-data/find-applicant-record.js';
import { applicationList } from '../src/server/modules/applications/application-row.js';
import { readOwnRows } from '../src/server/modules/auth/own-rows-list.js';
import { messageList } from '../src/server/modules/messages/message-row.js';
import { LOOKUPS_PER_ADDRESS } from '../src/server/modules/onboarding/routes.js';
import { lookupStudent } from '../src/server/modules/onboarding/lookup-student.js';
import type { SessionRef } from '../src/server/modules/auth/session-checked-read.js';
import { runAutocannon } from './lib/autocannon-process.js';
import { copiesOfStudent } from './lib/bench-students.js';
import { BROWSER_ACCEPT_ENCODING } from './lib/browser-headers.js';
import { printBenchRows, verdict, type BenchResult } from './lib/bench-rows.js';
import { postgresBackendTicks, postgresMicrosBetween, processMicrosSince } from './lib/cpu-time.js';
import { createScratchPostgres } from './lib/scratch-postgres.js';
import { median } from './lib/median.js';

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARM_UP_S = 2;
/**
 * The lookup allows 30 a minute per address. The app trusts the loopback as its proxy in this run,
 * and autocannon puts a new id (`[<id>]`) in X-Forwarded-For on every request, so each lookup is
 * a new address's first, as when many students sign up at once: the rate limit's row is written.
 */
const PROXY = '127.0.0.1';

interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  idReplacement?: boolean;
  connectionHeaders?: Record<string, string>[];
}

interface Figure {
  rps: number;
  p99: number;
  /** CPU microseconds a request cost this process: the server, and PGlite when embedded. */
  serverCpuUs: number;
  /** CPU microseconds a request cost PostgreSQL's backends; null on PGlite. */
  databaseCpuUs: number | null;
}

/** The scratch PostgreSQL database the app uses, whose backends' CPU time is counted; null on PGlite. */
let postgresDatabase: string | null = null;

async function run(target: Target, seconds: number): Promise<Figure> {
  const { name, ...request } = target;
  const databaseBefore = postgresDatabase ? postgresBackendTicks(postgresDatabase) : null;
  const serverBefore = process.cpuUsage();
  const result = await runAutocannon({ ...request, connections: CONNECTIONS, duration: seconds });
  const serverUs = processMicrosSince(serverBefore);
  const databaseUs =
    postgresDatabase && databaseBefore
      ? postgresMicrosBetween(databaseBefore, postgresBackendTicks(postgresDatabase))
      : null;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    serverCpuUs: serverUs / requests,
    databaseCpuUs: databaseUs === null ? null : databaseUs / requests,
  };
}

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
    const databaseCpu = list.map((f) => f.databaseCpuUs).filter((us) => us !== null);
    figures[key] = {
      rps: median(list.map((f) => f.rps)),
      p99: median(list.map((f) => f.p99)),
      serverCpuUs: median(list.map((f) => f.serverCpuUs)),
      databaseCpuUs: databaseCpu.length > 0 ? median(databaseCpu) : null,
    };
  }
  return figures;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** The student and session a query-only route reads for: its connection's (connectionHeaders). */
function benchSession(request: FastifyRequest): SessionRef {
  return {
    studentId: String(request.headers['x-bench-student']),
    sessionId: String(request.headers['x-bench-session']),
  };
}

/**
 * The ceilings: routes in the app that run only the queries of the route they stand for, with no
 * auth, validation or serialization of their own (a one-field answer).
 */
function addQueryOnlyRoutes(app: FastifyInstance) {
  app.post('/bench/applicant-data-query', async (request) => ({
    found: (await findApplicantRecord(app.db, benchSession(request))) !== null,
  }));
  app.post('/bench/applications-query', async (request) => ({
    count: (await readOwnRows(app.db, applicationList, benchSession(request)))?.data.length,
  }));
  app.post('/bench/messages-query', async (request) => ({
    count: (await readOwnRows(app.db, messageList, benchSession(request)))?.data.length,
  }));
  app.post('/bench/lookup-query', async () => {
    await hitRateLimit(app.db, `bench:${randomUUID()}`, LOOKUPS_PER_ADDRESS);
    const match = await lookupStudent(
      app.db,
      app.dataKeys,
      ONBOARDING_DEMO_STUDENT,
      app.config.demoMode,
    );
    return { found: match !== null };
  });
}

async function main() {
  // The machine is shared: the load before the run says whether other work skewed the figures.
  const loadBefore = loadavg()[0] ?? 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const postgres = adminUrl ? await createScratchPostgres(adminUrl) : null;
  postgresDatabase = postgres?.name ?? null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: PROXY,
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
  const benchStudents = await copiesOfStudent(app, priya.id, CONNECTIONS);
  app.get('/bench/bare', async () => ({ ok: true }));
  addQueryOnlyRoutes(app);
  const base = await listen(app);
  const bareApp = Fastify();
  bareApp.get('/', async () => ({ ok: true }));
  const bareBase = await listen(bareApp);

  const eachStudent = {
    connectionHeaders: benchStudents.map(({ studentId, sessionId, token }) => ({
      authorization: `Bearer ${token}`,
      'x-bench-student': studentId,
      'x-bench-session': sessionId,
    })),
  };
  const json = { 'content-type': 'application/json' };
  const post = (headers: Record<string, string>, body = '{}') =>
    ({ method: 'POST', headers: { ...headers, ...json }, body }) as const;
  const lookupBody = JSON.stringify({
    invite_code: ONBOARDING_DEMO_STUDENT.inviteCode,
    passport_number: ONBOARDING_DEMO_STUDENT.passportNumber,
    // The spec's client sends the birth date as an ISO timestamp at UTC midnight.
    date_of_birth: `${ONBOARDING_DEMO_STUDENT.dateOfBirth}T00:00:00.000Z`,
  });
  const targets = {
    bare: { name: 'bare Fastify route (plain instance)', url: `${bareBase}/` },
    inApp: { name: 'bare route inside the app', url: `${base}/bench/bare` },
    // What Chromium asks for: the answer is the brotli copy the store keeps.
    waitTimes: {
      name: 'GET /api/visa-wait-times',
      url: `${base}${API_PATHS.visaWaitTimes}`,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    },
    applicantQuery: {
      name: 'applicant-data query only',
      url: `${base}/bench/applicant-data-query`,
      ...post({}),
      ...eachStudent,
    },
    applicant: {
      name: 'POST /api/applicant-data',
      url: `${base}${API_PATHS.applicantData}`,
      ...post({}),
      ...eachStudent,
    },
    applicationsQuery: {
      name: 'applications query only',
      url: `${base}/bench/applications-query`,
      ...post({}),
      ...eachStudent,
    },
    applications: {
      name: 'GET /api/applications',
      url: `${base}${API_PATHS.applications}`,
      ...eachStudent,
    },
    messagesQuery: {
      name: 'messages query only',
      url: `${base}/bench/messages-query`,
      ...post({}),
      ...eachStudent,
    },
    messages: { name: 'GET /api/messages', url: `${base}${API_PATHS.messages}`, ...eachStudent },
    lookupQuery: { name: 'lookup queries only', url: `${base}/bench/lookup-query`, ...post({}) },
    lookup: {
      name: 'POST /api/get-student-id (lookup)',
      url: `${base}${API_PATHS.getStudentId}`,
      ...post({ 'x-forwarded-for': '[<id>]' }, lookupBody),
      idReplacement: true,
    },
  } satisfies Record<string, Target>;
  const f = await measureAll(targets);
  await bareApp.close();
  await app.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });

  const p99Budget = postgres ? 25 : 100;
  const share = (figure: Figure, ceiling: Figure) =>
    `${Math.round((100 * figure.rps) / ceiling.rps)}%`;
  const perStudentRead = (figure: Figure, ceiling: Figure): [string, BenchResult] => [
    `>= 50% of query only: ${share(figure, ceiling)}; p99 < ${p99Budget} ms`,
    verdict(figure.rps >= ceiling.rps / 2 && figure.p99 < p99Budget),
  ];
  const rows: [Target, Figure, string, BenchResult][] = [
    [targets.bare, f.bare, 'ceiling of wait times', ''],
    [targets.inApp, f.inApp, `(${share(f.inApp, f.bare)} of bare)`, ''],
    [
      targets.waitTimes,
      f.waitTimes,
      `>= 50% of bare: ${share(f.waitTimes, f.bare)}`,
      verdict(f.waitTimes.rps >= f.bare.rps / 2),
    ],
    [targets.applicantQuery, f.applicantQuery, 'ceiling of applicant data', ''],
    [targets.applicant, f.applicant, ...perStudentRead(f.applicant, f.applicantQuery)],
    [targets.applicationsQuery, f.applicationsQuery, 'ceiling of applications', ''],
    [targets.applications, f.applications, ...perStudentRead(f.applications, f.applicationsQuery)],
    [targets.messagesQuery, f.messagesQuery, 'ceiling of messages', ''],
    [targets.messages, f.messages, ...perStudentRead(f.messages, f.messagesQuery)],
    [targets.lookupQuery, f.lookupQuery, 'ceiling of the lookup', ''],
    // DESIGN.md sets the lookup no budget of its own: the share is context.
    [targets.lookup, f.lookup, `(${share(f.lookup, f.lookupQuery)} of query only)`, ''],
  ];
  const loadAfter = loadavg()[0] ?? 0;
  console.log(
    `\nDatabase: ${postgres ? 'PostgreSQL' : 'PGlite (embedded)'}; ${CONNECTIONS} connections, ${DURATION_S} s x ${RUNS} rounds, medians; 1-minute load average ${loadBefore.toFixed(1)} before the run, ${loadAfter.toFixed(1)} after\n`,
  );
  console.log(
    '| route | requests/s | p99 ms | server CPU µs/request | PostgreSQL CPU µs/request | budget | result |\n| --- | ---: | ---: | ---: | ---: | --- | --- |',
  );
  for (const [{ name }, figure, budget, result] of rows) {
    const databaseCpu = figure.databaseCpuUs === null ? '-' : Math.round(figure.databaseCpuUs);
    console.log(
      `| ${name} | ${Math.round(figure.rps)} | ${figure.p99} | ${Math.round(figure.serverCpuUs)} | ${databaseCpu} | ${budget} | ${result} |`,
    );
  }
  // The same rows for bench/run-all.ts.
  const database = postgres ? 'PostgreSQL' : 'PGlite';
  printBenchRows(
    rows.map(([{ name }, figure, budget, result]) => ({
      figure: `${name} (${database}, ${CONNECTIONS} connections)`,
      value: `${Math.round(figure.rps)} req/s, p99 ${figure.p99} ms`,
      budget,
      result,
    })),
  );
}

await main();
