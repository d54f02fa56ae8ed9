/**
 * Soak (issue 10): mixed student traffic against the built server on loopback for
 * BENCH_SOAK_SECONDS (300), at a fixed arrival rate: eight signed-in sessions of the four demo
 * personas read the dashboard (applicant data, applications, messages, wait times, some of them
 * revalidated with the ETag), their profile, documents and roadmap; a message is sent every 2.5 s
 * and a document uploaded and deleted every 10 s, under those routes' per-student limits.
 *
 * Pass criteria, printed beside the figures:
 * - no errors: every answer one of the statuses its call expects (a 304 for a revalidated wait
 *   time), no socket error, no timeout (10 s), nothing dropped because the server fell behind;
 * - the server's resident memory, sampled every 5 s, grows by less than RSS_GROWTH_BUDGET_MB from
 *   its floor in the first minute after the warm-up to its floor in the last minute (the least
 *   sample of each: the JavaScript heap's sawtooth rises and falls by tens of MB between), and its
 *   trend over the last 3 minutes is under RSS_SLOPE_BUDGET_MB_PER_MIN;
 * - p99 latency (counted from when each request was due) under DESIGN.md's per-student budget.
 *
 *   npm run build && npx tsx bench/soak.ts
 *   BENCH_SOAK_SECONDS=60 BENCH_SOAK_RATE=100 npx tsx bench/soak.ts        # a short run
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/soak.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS } from '../src/shared/api-paths.js';
import { printBenchRows, verdict, type BenchRow } from './lib/bench-rows.js';
import { BROWSER_ACCEPT_ENCODING } from './lib/browser-headers.js';
import { startBuiltServer } from './lib/built-server.js';
import { memoryTrend, sampleMemory } from './lib/memory-trend.js';
import {
  type Call,
  type CallRecord,
  loadClient,
  recordCall,
  runOpenLoop,
} from './lib/open-loop-load.js';
import { pdfForm } from './lib/pdf-form.js';
import { createScratchPostgres } from './lib/scratch-postgres.js';
import { readMix, sendCall, signInStudents, uploadAndDelete } from './lib/soak-traffic.js';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
/**
 * Requests a second of the steady mix, unless BENCH_SOAK_RATE says otherwise. PGlite's 300 holds
 * with no error; at 700 and 800 (near the 790 to 860 one read alone reaches) the mix saturates its
 * one thread (docs/performance.md). PostgreSQL's 1,000 is not yet measured against this mix.
 */
const MEASURED_RATE = { pglite: 300, postgres: 1000 };
const MAX_IN_FLIGHT = 100;
const TIMEOUT_MS = 10_000;
const WARM_UP_S = Math.min(30, SECONDS / 5);
const SAMPLE_MS = 5_000;
const TREND_WINDOW_S = 180;
const SEND_EVERY_MS = 2_500;
const UPLOAD_EVERY_MS = 10_000;
const UPLOAD_BYTES = 100 * 1024;
const RSS_GROWTH_BUDGET_MB = 50;
const RSS_SLOPE_BUDGET_MB_PER_MIN = 1;
const P99_BUDGET_MS = { pglite: 100, postgres: 25 };

interface KindFigures {
  latencies: number[];
  errors: Map<string, number>;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** Sends and uploads on their own timers, round robin over the students, until stopped. */
function sideTraffic(
  tokens: readonly string[],
  record: (call: Call, dueAt: number) => Promise<string | null>,
) {
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  let sends = 0;
  let uploads = 0;
  const form = pdfForm(UPLOAD_BYTES);
  const timers = [
    setInterval(() => {
      const token = tokens[sends % tokens.length] ?? '';
      track(record(sendCall(token, sends), performance.now()));
      sends += 1;
    }, SEND_EVERY_MS),
    setInterval(() => {
      const token = tokens[uploads % tokens.length] ?? '';
      track(form.then((body) => uploadAndDelete(token, body, record)));
      uploads += 1;
    }, UPLOAD_EVERY_MS),
  ];
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(pending);
  };
}

/** Prints each call's figures; answers the rows of the whole run. */
function callRows(
  byKind: Map<string, KindFigures>,
  seconds: number,
  rate: number,
  database: 'pglite' | 'postgres',
): BenchRow[] {
  const all = [...byKind.values()].flatMap((k) => k.latencies).sort((a, b) => a - b);
  let errors = 0;
  console.log(
    '\n| call | answered | p50 ms | p99 ms | max ms | errors |\n| --- | ---: | ---: | ---: | ---: | --- |',
  );
  for (const [kind, figures] of [...byKind].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...figures.latencies].sort((a, b) => a - b);
    const kindErrors = [...figures.errors].map(([what, n]) => `${n} x ${what}`).join(', ');
    errors += [...figures.errors.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      `| ${kind} | ${sorted.length} | ${percentile(sorted, 0.5).toFixed(0)} | ${percentile(sorted, 0.99).toFixed(0)} | ${(sorted.at(-1) ?? 0).toFixed(0)} | ${kindErrors || '0'} |`,
    );
  }
  const p99 = percentile(all, 0.99);
  return [
    {
      figure: `soak: requests answered as expected in ${seconds} s`,
      value: `${all.length} (${(all.length / seconds).toFixed(0)}/s)`,
      budget: `paced at ${rate}/s, plus sends and uploads`,
      result: '',
    },
    { figure: 'soak: errors', value: String(errors), budget: '0', result: verdict(errors === 0) },
    {
      figure: 'soak: p99 latency, all calls',
      value: `${p99.toFixed(0)} ms (p50 ${percentile(all, 0.5).toFixed(0)} ms)`,
      budget: `< ${P99_BUDGET_MS[database]} ms`,
      result: verdict(p99 < P99_BUDGET_MS[database]),
    },
  ];
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const database = adminUrl ? 'postgres' : 'pglite';
  const rate = Number(process.env.BENCH_SOAK_RATE ?? MEASURED_RATE[database]);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-soak-'));
  const postgres = adminUrl ? await createScratchPostgres(adminUrl) : null;
  const server = await startBuiltServer(dataDir, postgres ? { DATABASE_URL: postgres.url } : {});
  const byKind = new Map<string, KindFigures>();
  const onRecord = ({ kind, latencyMs, error }: CallRecord) => {
    const figures = byKind.get(kind) ?? { latencies: [], errors: new Map<string, number>() };
    byKind.set(kind, figures);
    if (error) figures.errors.set(error, (figures.errors.get(error) ?? 0) + 1);
    else figures.latencies.push(latencyMs);
  };
  try {
    const students = await signInStudents(server.origin);
    const etag = (
      await fetch(`${server.origin}${API_PATHS.visaWaitTimes}`, {
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      })
    ).headers.get('etag');
    if (!etag) throw new Error('the wait times carry no ETag');
    const client = loadClient(server.origin, MAX_IN_FLIGHT, TIMEOUT_MS);
    const record = async (call: Call, dueAt: number) =>
      (await recordCall(client, call, dueAt, onRecord))?.body ?? null;
    console.log(
      `Soak on ${database === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${SECONDS} s at ${rate} requests/s (${students.length} students, ${MAX_IN_FLIGHT} connections at most); 1-minute load average ${loadBefore.toFixed(1)} before`,
    );
    const memory = sampleMemory(server.pid, SAMPLE_MS);
    const stopSideTraffic = sideTraffic(
      students.map((s) => s.tokens[0] ?? ''),
      record,
    );
    await runOpenLoop(
      {
        origin: server.origin,
        ratePerSecond: rate,
        seconds: SECONDS,
        maxInFlight: MAX_IN_FLIGHT,
        maxBacklog: rate * 5,
        timeoutMs: TIMEOUT_MS,
        nextCall: readMix(students, etag),
        onRecord,
      },
      client,
    );
    await stopSideTraffic();
    memory.stop();
    client.agent.destroy();

    const rows = callRows(byKind, SECONDS, rate, database);
    const trend = memoryTrend(memory.samples, WARM_UP_S, TREND_WINDOW_S);
    const growth = trend.lastFloorMb - trend.firstFloorMb;
    console.log(
      `\nserver RSS: ${memory.samples.map((s) => s.rssMb.toFixed(0)).join(' ')} MB (every ${SAMPLE_MS / 1000} s); 1-minute load average ${(loadavg()[0] ?? 0).toFixed(1)} after`,
    );
    printBenchRows([
      ...rows,
      {
        figure: `soak: server RSS after ${WARM_UP_S} s warm-up (start, peak, end; floor of first and last minute)`,
        value: `${trend.startMb.toFixed(0)}, ${trend.peakMb.toFixed(0)}, ${trend.endMb.toFixed(0)} MB; ${trend.firstFloorMb.toFixed(0)}, ${trend.lastFloorMb.toFixed(0)} MB`,
        budget: `floor growth < ${RSS_GROWTH_BUDGET_MB} MB: ${growth.toFixed(1)} MB`,
        result: verdict(growth < RSS_GROWTH_BUDGET_MB),
      },
      {
        figure: `soak: server RSS trend, last ${Math.min(TREND_WINDOW_S, SECONDS - WARM_UP_S)} s`,
        value: `${trend.slopeMbPerMin.toFixed(2)} MB/min`,
        budget: `< ${RSS_SLOPE_BUDGET_MB_PER_MIN} MB/min`,
        result: verdict(trend.slopeMbPerMin < RSS_SLOPE_BUDGET_MB_PER_MIN),
      },
    ]);
  } finally {
    await server.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
