/**
 * Soak (docs/performance.md, the soak): mixed student traffic against the built server on loopback for
 * BENCH_SOAK_SECONDS (300) at the load of the API benchmark (api-throughput.ts): 100 connections,
 * each sending its next request as soon as the last is answered, so the mix runs at the
 * throughput the server sustains. Eight signed-in students, two of each demo persona, read the
 * dashboard (applicant data, applications, messages, wait times, some of them revalidated with
 * the ETag), their profile, documents and roadmap; beside them a message is sent every 15 s and
 * a document uploaded and deleted every 10 s, under those routes' per-student limits.
 * BENCH_SOAK_RATE=<n> paces the reads at n a second instead (an open loop, latency counted from
 * when each request was due), to see latency at a rate below saturation.
 *
 * Pass criteria, printed beside the figures:
 * - no errors: every answer one of the statuses its call expects (a 304 for a revalidated wait
 *   time), no socket error, no timeout (10 s), nothing dropped because the server fell behind;
 * - the throughput holds: the last minute answers at least THROUGHPUT_HELD of the first minute
 *   after the warm-up;
 * - the server's resident memory, sampled every 5 s, grows by less than RSS_GROWTH_BUDGET_MB from
 *   its floor in the first minute after the warm-up to its floor in the last minute (the least
 *   sample of each: the JavaScript heap's sawtooth rises and falls by tens of MB between). Over
 *   the half to one and a half million requests of a run, that is under 40 to 70 bytes a request:
 *   a leak of any object a request makes shows. The floor's trend over the last 3 minutes is
 *   printed beside it, not judged: over 3 minutes it moves by a few MB as V8 sizes its heap
 *   (docs/performance.md), which a slope budget mistook for growth.
 *
 *   npm run build && npx tsx bench/soak.ts
 *   BENCH_SOAK_SECONDS=60 npx tsx bench/soak.ts                               # a short run
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
import { MB } from './lib/resident-memory.js';
import { runClosedLoop } from './lib/closed-loop-load.js';
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
/** Reads a second of an open loop; unset, the closed loop at CONNECTIONS. */
const PACED_RATE = process.env.BENCH_SOAK_RATE ? Number(process.env.BENCH_SOAK_RATE) : null;
/** The API benchmark's concurrency (DESIGN.md's budgets are at 100 connections). */
const CONNECTIONS = 100;
/** Sockets beyond the reads' for the sends and uploads, so they never wait behind a read. */
const SIDE_SOCKETS = 4;
const TIMEOUT_MS = 10_000;
const WARM_UP_S = Math.min(30, SECONDS / 5);
const SAMPLE_MS = 5_000;
const TREND_WINDOW_S = 180;
/**
 * A message every 15 s, round robin over the eight students: about three more in each list by the
 * end (five when the soak had four students, each signed in twice). Each one makes every later
 * read of that list longer: at one every 2.5 s the lists grew from 3 messages to 33, a list read
 * cost 2.2 times as much, and the mix's throughput fell by 11 to 16% over the run, which measured
 * the data's growth, not the server's (docs/performance.md).
 */
const SEND_EVERY_MS = 15_000;
const UPLOAD_EVERY_MS = 10_000;
const UPLOAD_BYTES = 100 * 1024;
const RSS_GROWTH_BUDGET_MB = 50;
const THROUGHPUT_HELD = 0.9;

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
function callRows(byKind: Map<string, KindFigures>, seconds: number, load: string): BenchRow[] {
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
  return [
    {
      figure: `soak: requests answered as expected in ${seconds} s`,
      value: `${all.length} (${(all.length / seconds).toFixed(0)}/s)`,
      budget: `${load}, plus sends and uploads`,
      result: '',
    },
    { figure: 'soak: errors', value: String(errors), budget: '0', result: verdict(errors === 0) },
    {
      figure: 'soak: latency, all calls',
      value: `p50 ${percentile(all, 0.5).toFixed(0)} ms, p99 ${percentile(all, 0.99).toFixed(0)} ms`,
      budget: '',
      result: '',
    },
  ];
}

/** Answers a minute, from the first minute after the warm-up to the last, and whether it held. */
function throughputRow(answeredAt: readonly number[], startedAt: number): BenchRow {
  const perMinute: number[] = [];
  for (const at of answeredAt) {
    const minute = Math.floor((at - startedAt - WARM_UP_S * 1000) / 60_000);
    if (minute >= 0) perMinute[minute] = (perMinute[minute] ?? 0) + 1;
  }
  // Only whole minutes: the last may be cut short by the end of the run.
  const whole = perMinute.slice(0, Math.floor((SECONDS - WARM_UP_S) / 60));
  const first = whole[0] ?? 0;
  const last = whole.at(-1) ?? 0;
  return {
    figure: 'soak: answers a minute after the warm-up, first to last',
    value: whole.map((n) => String(n)).join(', '),
    budget: `last >= ${THROUGHPUT_HELD * 100}% of first: ${first ? ((100 * last) / first).toFixed(0) : '-'}%`,
    result: verdict(first > 0 && last >= THROUGHPUT_HELD * first),
  };
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const database = adminUrl ? 'PostgreSQL' : 'PGlite';
  const load = PACED_RATE
    ? `reads paced at ${PACED_RATE}/s over ${CONNECTIONS} connections at most`
    : `${CONNECTIONS} connections, each sending on as soon as answered`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-soak-'));
  const postgres = adminUrl ? await createScratchPostgres(adminUrl) : null;
  const server = await startBuiltServer(dataDir, postgres ? { DATABASE_URL: postgres.url } : {});
  const byKind = new Map<string, KindFigures>();
  const answeredAt: number[] = [];
  const onRecord = ({ kind, latencyMs, error }: CallRecord) => {
    const figures = byKind.get(kind) ?? { latencies: [], errors: new Map<string, number>() };
    byKind.set(kind, figures);
    if (error) figures.errors.set(error, (figures.errors.get(error) ?? 0) + 1);
    else {
      figures.latencies.push(latencyMs);
      answeredAt.push(performance.now());
    }
  };
  try {
    const students = await signInStudents(server.origin);
    const etag = (
      await fetch(`${server.origin}${API_PATHS.visaWaitTimes}`, {
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      })
    ).headers.get('etag');
    if (!etag) throw new Error('the wait times carry no ETag');
    const client = loadClient(server.origin, CONNECTIONS + SIDE_SOCKETS, TIMEOUT_MS);
    const record = async (call: Call, dueAt: number) =>
      (await recordCall(client, call, dueAt, onRecord))?.body ?? null;
    console.log(
      `Soak on ${database}: ${SECONDS} s, ${load} (${students.length} students); 1-minute load average ${loadBefore.toFixed(1)} before`,
    );
    const startedAt = performance.now();
    const memory = sampleMemory(server.pid, SAMPLE_MS);
    const stopSideTraffic = sideTraffic(
      students.map((s) => s.token),
      record,
    );
    const nextCall = readMix(students, etag);
    if (PACED_RATE) {
      await runOpenLoop(
        {
          origin: server.origin,
          ratePerSecond: PACED_RATE,
          seconds: SECONDS,
          maxInFlight: CONNECTIONS,
          maxBacklog: PACED_RATE * 5,
          timeoutMs: TIMEOUT_MS,
          nextCall,
          onRecord,
        },
        client,
      );
    } else {
      await runClosedLoop(
        { connections: CONNECTIONS, seconds: SECONDS, nextCall, onRecord },
        client,
      );
    }
    await stopSideTraffic();
    memory.stop();
    client.agent.destroy();

    const rows = callRows(byKind, SECONDS, load);
    const trend = memoryTrend(memory.samples, WARM_UP_S, TREND_WINDOW_S);
    const growth = trend.lastFloorMb - trend.firstFloorMb;
    console.log(
      `\nserver RSS: ${memory.samples.map((s) => s.rssMb.toFixed(0)).join(' ')} MB (every ${SAMPLE_MS / 1000} s); 1-minute load average ${(loadavg()[0] ?? 0).toFixed(1)} after`,
    );
    printBenchRows([
      ...rows,
      throughputRow(answeredAt, startedAt),
      {
        figure: `soak: server RSS after ${WARM_UP_S} s warm-up (start, peak, end; floor of first and last minute)`,
        value: `${trend.startMb.toFixed(0)}, ${trend.peakMb.toFixed(0)}, ${trend.endMb.toFixed(0)} MB; ${trend.firstFloorMb.toFixed(0)}, ${trend.lastFloorMb.toFixed(0)} MB`,
        budget: `floor growth < ${RSS_GROWTH_BUDGET_MB} MB: ${growth.toFixed(1)} MB, ${((growth * MB) / answeredAt.length).toFixed(0)} bytes a request`,
        result: verdict(growth < RSS_GROWTH_BUDGET_MB),
      },
      {
        figure: `soak: server RSS floor trend, last ${Math.min(TREND_WINDOW_S, SECONDS - WARM_UP_S)} s`,
        value: `${trend.slopeMbPerMin.toFixed(2)} MB/min`,
        budget: '',
        result: '',
      },
    ]);
  } finally {
    await server.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
