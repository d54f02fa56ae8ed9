import { readFileSync } from 'node:fs';

export const MB = 1024 * 1024;

/** A process's resident set (VmRSS) in bytes, from /proc. */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kilobytes) throw new Error('VmRSS not found');
  return Number(kilobytes) * 1024;
}
