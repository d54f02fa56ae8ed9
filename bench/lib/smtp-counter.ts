/**
 * A real SMTP server (smtp-server) in a process of its own that only counts what it receives: a
 * local mail server beside the one measured, not taking turns with it on its event loop.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('smtp-counter-main.ts', import.meta.url));

export interface SmtpCounter {
  url: string;
  /** Resolves once `count` messages arrived, asking every 100 ms. */
  waitFor(count: number, timeoutMs: number): Promise<void>;
  close(): void;
}

export async function startSmtpCounter(): Promise<SmtpCounter> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the SMTP counter stopped');
    return line.value;
  };
  const url = await next();
  return {
    url,
    async waitFor(count, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        child.stdin.write('count\n');
        const received = Number(await next());
        if (received >= count) return;
        if (Date.now() > deadline) throw new Error(`${received} of ${count} messages arrived`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => {
      child.stdin.end();
    },
  };
}
