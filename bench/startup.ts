/**
 * Start-up: time from `node dist/server/main.js` (what `npm start` runs once built) to the first
 * served page, on an empty data directory (migrations and the demo seed run) and on an existing
 * one. Medians of BENCH_STARTUP_RUNS runs (default 5) each.
 *
 *   npm run build && npx tsx bench/startup.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { printBenchRows, type BenchRow } from './lib/bench-rows.js';
import { startBuiltServer } from './lib/built-server.js';
import { median } from './lib/median.js';

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);

async function timeOnce(dataDir: string): Promise<number> {
  const server = await startBuiltServer(dataDir);
  await server.stop();
  return server.msToFirstPage;
}

async function main(): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  const existingDir = mkdtempSync(join(tmpdir(), 'portal-bench-startup-'));
  const empty: number[] = [];
  const existing: number[] = [];
  try {
    // The first start fills existingDir; it is also an empty-directory run.
    empty.push(await timeOnce(existingDir));
    for (let run = 0; run < RUNS; run += 1) {
      existing.push(await timeOnce(existingDir));
      if (run === 0) continue;
      const emptyDir = mkdtempSync(join(tmpdir(), 'portal-bench-startup-'));
      try {
        empty.push(await timeOnce(emptyDir));
      } finally {
        rmSync(emptyDir, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(existingDir, { recursive: true, force: true });
  }
  console.log(
    `\nStart-up, ${RUNS} runs each, medians; 1-minute load average ${loadBefore.toFixed(1)} before the run`,
  );
  console.log(
    `empty: ${empty.map(Math.round).join(', ')} ms; existing: ${existing.map(Math.round).join(', ')} ms`,
  );
  // DESIGN.md sets no start-up budget: the rows give the figure only.
  const rows: BenchRow[] = [
    {
      figure: 'start-up to first page, empty DATA_DIR (median)',
      value: `${Math.round(median(empty))} ms`,
      budget: '',
      result: '',
    },
    {
      figure: 'start-up to first page, existing DATA_DIR (median)',
      value: `${Math.round(median(existing))} ms`,
      budget: '',
      result: '',
    },
  ];
  printBenchRows(rows);
}

await main();
