import { spawn } from 'node:child_process';

/** A server started as production starts it (main.ts: config, migrate, seed, listen), in a process of its own. */
export interface ServerProcess {
  pid: number;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Its exit code; null when a signal ended it (kill -9). */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  /** The first match of `pattern` in the output, waiting for it; rejects when the process ends first. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
}

/**
 * Starts src/server/main.ts with `env` (and nothing else of this process's environment). It runs
 * under `node --import tsx`, not the tsx command, whose program runs in a child of its own: a
 * kill -9 has to reach the server itself.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      VISA_WAIT_TIMES_REFRESH_HOURS: '0',
      ...env,
    },
  });
  let output = '';
  const onOutput = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  let ended = false;
  // 'close', not 'exit': by then all of the output has arrived.
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      ended = true;
      resolve(code);
    }),
  );
  const waitForOutput = (pattern: RegExp, timeoutMs: number) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        child.stdout.off('data', check);
        child.stderr.off('data', check);
        child.off('close', check);
      };
      const check = () => {
        const match = pattern.exec(output);
        if (!match && !ended) return;
        stop();
        if (match) resolve(match);
        else reject(new Error(`The server ended before printing ${pattern}:\n${output}`));
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`No ${pattern} within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      child.on('close', check);
      check();
    });
  return {
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    kill: (signal) => child.kill(signal),
    waitForOutput,
  };
}

/** The server's address once it listens, on 127.0.0.1 (main.ts prints it with localhost). */
export async function listeningUrl(server: ServerProcess, timeoutMs = 60_000): Promise<string> {
  const [, port] = await server.waitForOutput(
    /Student portal: http:\/\/localhost:(\d+)/,
    timeoutMs,
  );
  return `http://127.0.0.1:${port ?? ''}`;
}
