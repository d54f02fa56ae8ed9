import { shown } from './terminal-text.js';

/**
 * Rows as aligned columns for a terminal; the header first. Values are shown as given, but for
 * control characters, escaped (terminal-text.ts): a value is one cell on one line.
 */
export function formatTable(header: string[], values: string[][]): string {
  const rows = values.map((row) => row.map(shown));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** A timestamp as an operator reads it: UTC, to the minute. */
export const formatTime = (d: Date | null) =>
  d === null ? '-' : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
