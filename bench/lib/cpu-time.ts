/**
 * CPU time, to say what a request costs where: the benchmark's own process (the server, when it
 * runs in it) and the PostgreSQL backends serving the benchmark's database, read from /proc when
 * the server runs on this machine. Other work on a shared machine slows a run down but adds little
 * to these figures, unlike to throughput.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const TICKS_PER_SECOND = 100;

function backendTicks(pid: string, database: string): number | null {
  try {
    // A backend's command line reads "postgres: 15/main: <user> <database> <client> <state>".
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!commandLine.startsWith('postgres:') || !commandLine.includes(` ${database} `)) return null;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // utime and stime are the 14th and 15th fields; the name in parentheses may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null; // the process ended, or is not ours to read
  }
}

/** CPU ticks of each backend serving `database`, by process id. */
export function postgresBackendTicks(database: string): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const used = backendTicks(pid, database);
    if (used !== null) ticks.set(pid, used);
  }
  return ticks;
}

/** Microseconds of backend CPU between two readings of postgresBackendTicks. */
export function postgresMicrosBetween(
  before: Map<string, number>,
  after: Map<string, number>,
): number {
  let ticks = 0;
  for (const [pid, used] of after) ticks += used - (before.get(pid) ?? 0);
  return (ticks * 1_000_000) / TICKS_PER_SECOND;
}

/** Microseconds of this process's CPU (every thread) since `since`. */
export function processMicrosSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return used.user + used.system;
}
