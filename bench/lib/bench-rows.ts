/**
 * The one shape every benchmark reports in, so `npm run bench` (run-all.ts) can gather them into
 * one table. Each benchmark runs in its own process (a server it starts, a browser, autocannon's
 * worker must not outlive it), prints its own table for a reader, and one line starting with
 * BENCH_ROWS_PREFIX holding its rows as JSON for the runner.
 */
export type BenchResult = 'pass' | 'FAIL' | '';

export interface BenchRow {
  /** What was measured, e.g. "JavaScript for / (gzip)". */
  figure: string;
  /** The measured value with its unit. */
  value: string;
  /** The budget from DESIGN.md, or what the figure is compared with; empty for context rows. */
  budget: string;
  /** Empty for rows that only give context (a ceiling, a detail). */
  result: BenchResult;
}

export const BENCH_ROWS_PREFIX = 'BENCH_ROWS ';

export const verdict = (ok: boolean): BenchResult => (ok ? 'pass' : 'FAIL');

export function markdownTable(rows: readonly BenchRow[]): string {
  const lines = ['| figure | value | budget | result |', '| --- | ---: | --- | --- |'];
  for (const row of rows)
    lines.push(`| ${row.figure} | ${row.value} | ${row.budget} | ${row.result} |`);
  return lines.join('\n');
}

/** The reader's table, then the machine-readable line run-all.ts collects. */
export function printBenchRows(rows: readonly BenchRow[]): void {
  console.log(`\n${markdownTable(rows)}\n`);
  console.log(`${BENCH_ROWS_PREFIX}${JSON.stringify(rows)}`);
}

function isBenchRow(value: unknown): value is BenchRow {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row.figure === 'string' &&
    typeof row.value === 'string' &&
    typeof row.budget === 'string' &&
    (row.result === 'pass' || row.result === 'FAIL' || row.result === '')
  );
}

/** The rows a benchmark printed, from its whole output. */
export function parseBenchRows(output: string): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith(BENCH_ROWS_PREFIX)) continue;
    const parsed: unknown = JSON.parse(line.slice(BENCH_ROWS_PREFIX.length));
    if (Array.isArray(parsed)) rows.push(...parsed.filter(isBenchRow));
  }
  return rows;
}
