/**
 * autocannon in a process of its own: the load generator then neither takes turns with a server
 * in the benchmark's process nor counts in that process's CPU time, so the CPU a request costs the
 * server can be read from `process.cpuUsage()` around a run. Options go in on stdin as JSON, the
 * result comes out on stdout as JSON (autocannon-process-main.ts).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';

const MAIN = fileURLToPath(new URL('autocannon-process-main.ts', import.meta.url));

/**
 * autocannon's options, and headers per connection: connection i adds connectionHeaders[i mod n]
 * to `headers`, so each connection can be another student.
 */
export type LoadOptions = autocannon.Options & { connectionHeaders?: Record<string, string>[] };
export type LoadResult = autocannon.Result;

export function runAutocannon(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(output) as LoadResult);
      else reject(new Error(`autocannon exited with ${String(code)}`));
    });
    child.stdin.end(JSON.stringify(options));
  });
}
