import { randomBytes } from 'node:crypto';
import {
  linkSync,
  readFileSync,
  readlinkSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';

/**
 * PGlite is PostgreSQL inside one process, and nothing in it stops a second process opening the
 * same folder: two processes on one folder (the server and the admin command line, or two
 * servers) write over each other and can damage it. So the folder is held with a lock file,
 * created atomically, naming the process that holds it.
 *
 * A process killed with SIGKILL leaves its file behind, so a lock is honoured only while its
 * holder is alive:
 * - in the same PID namespace (one machine, or one container's run), by its process id, checked
 *   to be the same process (Linux: its start time), so a reused id is not mistaken for the
 *   holder. Our own id in a lock this process does not hold was an earlier process's.
 * - from another PID namespace (another container or machine sharing the folder, or an earlier
 *   run of this container: each run gets a new namespace, where PID 1 is reused every time),
 *   process ids mean nothing, so by a heartbeat: the holder touches the file every few seconds,
 *   and a file left untouched for HEARTBEAT_STALE_MS is taken over.
 */

const HEARTBEAT_MS = 5_000;
export const HEARTBEAT_STALE_MS = 20_000;

/** What a lock file holds. */
export interface LockRecord {
  pid: number;
  /** Where `pid` means something: the boot and PID namespace on Linux, the host elsewhere. */
  namespace: string;
  /** The holder's start time in clock ticks since boot (Linux), to tell a reused pid apart. */
  startTime: string | null;
  host: string;
  /** Random per acquisition: only the holder's own file is ever removed at release. */
  token: string;
}

export class DatabaseInUseError extends Error {
  constructor(dir: string, holder: LockRecord | null, foreign: boolean) {
    const who = holder
      ? `pid ${holder.pid}${foreign ? ` on ${holder.host}, in another container or machine` : ''}`
      : 'pid unknown';
    super(
      `The embedded database in ${dir} is in use by another process (${who}). Stop the server first, or use PostgreSQL (DATABASE_URL) to run commands beside a running server.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

export interface DataDirLock {
  release(): void;
}

function readOrNull(read: () => string): string | null {
  try {
    return read().trim();
  } catch {
    return null;
  }
}

/** The fields of /proc/PID/stat from field 3 (the state) on, or null off Linux or when gone. */
function statFields(pid: number): string[] | null {
  const stat = readOrNull(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  return (
    stat
      ?.slice(stat.lastIndexOf(')') + 1)
      .trim()
      .split(' ') ?? null
  );
}

/** Field 22 of /proc/PID/stat: the start time. */
const startTimeOf = (pid: number): string | null => statFields(pid)?.[19] ?? null;

/**
 * A process killed with SIGKILL stays a zombie (state Z, or X while it is being reaped) until its
 * parent reaps it: it holds its pid but will never touch the folder again.
 */
const isZombie = (pid: number): boolean => ['Z', 'X'].includes(statFields(pid)?.[0] ?? '');

function ownNamespace(): string {
  const boot = readOrNull(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'));
  const pidNamespace = readOrNull(() => readlinkSync('/proc/self/ns/pid'));
  return boot && pidNamespace ? `linux:${boot}:${pidNamespace}` : `host:${hostname()}`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lastTouched(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

const readLock = (lockPath: string) => readOrNull(() => readFileSync(lockPath, 'utf8'));

/** Removes a lock file only while it still says `text`: never a newer holder's file. */
function removeIfUnchanged(lockPath: string, text: string | null): void {
  if (readLock(lockPath) !== text) return;
  try {
    unlinkSync(lockPath);
  } catch {
    // Already gone.
  }
}

/** Tokens of the locks this process holds, so a second open in this process is refused too. */
const heldTokens = new Map<string, string>();

function parseRecord(text: string | null): LockRecord | null {
  if (text === null) return null;
  try {
    const record = JSON.parse(text) as Partial<LockRecord>;
    return typeof record.pid === 'number' && typeof record.namespace === 'string'
      ? (record as LockRecord)
      : null;
  } catch {
    return null;
  }
}

/** Whether the holder a lock names still runs; a lock with no readable holder is left over. */
function holderIsAlive(record: LockRecord | null, lockPath: string): boolean {
  if (record === null) return false;
  if (record.namespace !== ownNamespace()) {
    const touched = lastTouched(lockPath);
    return touched !== null && Date.now() - touched < HEARTBEAT_STALE_MS;
  }
  if (record.pid === process.pid) return heldTokens.get(lockPath) === record.token;
  if (!isAlive(record.pid) || isZombie(record.pid)) return false;
  const startTime = startTimeOf(record.pid);
  return record.startTime === null || startTime === null || startTime === record.startTime;
}

/**
 * Takes the lock of `dir` (the file `<dir>.lock` beside it) or throws a DatabaseInUseError
 * naming the process that holds it. `shownDir` is the folder the refusal names.
 */
export function lockDataDir(dir: string, shownDir: string): DataDirLock {
  const lockPath = `${dir}.lock`;
  const record: LockRecord = {
    pid: process.pid,
    namespace: ownNamespace(),
    startTime: startTimeOf(process.pid),
    host: hostname(),
    token: randomBytes(16).toString('hex'),
  };
  // Written whole under a private name, then linked into place: link fails when the lock exists,
  // so no process ever reads a half-written lock.
  const draft = `${lockPath}.${record.token}`;
  writeFileSync(draft, JSON.stringify(record), { mode: 0o600 });
  try {
    // A left-over lock is removed and the link tried again; a second try that fails means
    // another process took the folder over in between.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        linkSync(draft, lockPath);
        return holdLock(lockPath, record.token);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const text = readLock(lockPath);
      const holder = parseRecord(text);
      if (holderIsAlive(holder, lockPath)) {
        throw new DatabaseInUseError(shownDir, holder, holder?.namespace !== record.namespace);
      }
      removeIfUnchanged(lockPath, text);
    }
    throw new DatabaseInUseError(shownDir, parseRecord(readLock(lockPath)), false);
  } finally {
    unlinkSync(draft);
  }
}

function holdLock(lockPath: string, token: string): DataDirLock {
  heldTokens.set(lockPath, token);
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(lockPath, now, now);
    } catch {
      // The next beat tries again; a lock that was removed is not recreated.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    clearInterval(heartbeat);
    process.off('exit', release);
    if (heldTokens.get(lockPath) !== token) return;
    heldTokens.delete(lockPath);
    const text = readLock(lockPath);
    if (parseRecord(text)?.token === token) removeIfUnchanged(lockPath, text);
  };
  // process.exit() (a shutdown that overran its grace period) runs no close(): release here.
  process.on('exit', release);
  return { release };
}
