import type { FastifyBaseLogger } from 'fastify';

interface LogStream {
  write(line: string): unknown;
}

function isLogStream(value: unknown): value is LogStream {
  return typeof value === 'object' && value !== null && 'write' in value;
}

/**
 * Everything the app's logger writes from now on (the request loggers share its stream), until
 * `stop()`; nothing is printed meanwhile. Fastify builds its own pino logger and does not take a stream from the app's config,
 * so the stream is found by pino's own symbol on the logger and its `write` wrapped.
 */
export function captureLogs(logger: FastifyBaseLogger): {
  text: () => string;
  clear: () => void;
  stop: () => void;
} {
  let holder: object | null = logger;
  let stream: LogStream | undefined;
  while (holder && !stream) {
    const symbol = Object.getOwnPropertySymbols(holder).find(
      (s) => s.description === 'pino.stream',
    );
    const candidate: unknown = symbol ? Reflect.get(holder, symbol) : undefined;
    if (isLogStream(candidate)) stream = candidate;
    holder = Object.getPrototypeOf(holder) as object | null;
  }
  if (!stream) throw new Error('the logger has no pino stream');
  const target = stream;
  const lines: string[] = [];
  const original = target.write.bind(target);
  target.write = (line: string) => {
    lines.push(line);
    return true;
  };
  return {
    text: () => lines.join(''),
    clear: () => {
      lines.length = 0;
    },
    stop: () => {
      target.write = original;
    },
  };
}
