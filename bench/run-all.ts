/**
 * `npm run bench`: builds once, runs every benchmark in this folder, each in its own process, and
 * prints one table of every figure beside its budget. Each benchmark also prints its own table.
 *
 *   npm run bench
 *   BENCH_ONLY=page-weight,startup npm run bench      # a subset
 *   BENCH_SKIP_BUILD=1 npm run bench                  # measure the build already in dist/
 *
 * Short settings for a smoke run: BENCH_SECONDS=1 BENCH_RUNS=1 BENCH_STARTUP_RUNS=1
 * BENCH_SOAK_SECONDS=30 (the soak runs 5 minutes otherwise). Timed figures (throughput, start-up,
 * Lighthouse performance, the soak's latency) depend on the machine's load: the benchmarks print
 * the load average they started under.
 */
import { spawn } from 'node:child_process';
import { markdownTable, parseBenchRows, type BenchRow } from './lib/bench-rows.js';

/** In this order: the deterministic page weight first, the long API run and the soak last. */
const BENCHMARKS = [
  'page-weight',
  'lighthouse',
  'interaction-latency',
  'startup',
  'upload-memory',
  'api-throughput',
  'staff-list',
  'student-import',
  'notification-delivery',
  'notification-latency',
  'soak',
];

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code: code ?? 1, output });
    });
  });
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const selected = only ? BENCHMARKS.filter((name) => only.includes(name)) : BENCHMARKS;
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = await run('npm', ['run', 'build']);
    if (build.code !== 0) throw new Error('npm run build failed');
  }
  const rows: BenchRow[] = [];
  let crashed = false;
  for (const name of selected) {
    console.log(`\n== ${name}`);
    const { code, output } = await run(process.execPath, ['--import', 'tsx', `bench/${name}.ts`]);
    rows.push(...parseBenchRows(output));
    if (code !== 0) {
      crashed = true;
      rows.push({
        figure: `${name}: did not finish`,
        value: `exit ${code}`,
        budget: '',
        result: 'FAIL',
      });
    }
  }
  console.log(`\n== all benchmarks\n\n${markdownTable(rows)}`);
  // A figure over its budget is reported, not an error; a benchmark that broke is.
  if (crashed) process.exitCode = 1;
}

await main();
